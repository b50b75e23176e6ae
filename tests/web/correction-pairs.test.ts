import { describe, expect, it } from "vitest";
import type { Change } from "../../core/change";
import { CorrectionTracker, stripPunctuation } from "../../web/src/lib/correction-pairs";

type Words = [id: string, text: string][];
const state = (id: string, words: Words) =>
  ({ id, transcriptWords: words.map(([wid, text]) => ({ id: wid, text })) }) as unknown as NonNullable<
    Change["utterances"][number]["before"]
  >;
const edit = (u: string, before: Words, after: Words): Change => ({
  utterances: [{ id: u, before: state(u, before), after: state(u, after) }],
});

describe("CorrectionTracker", () => {
  it("offers a pair once the same word is corrected the same way in two places", () => {
    const t = new CorrectionTracker();
    expect(
      t.record(
        edit(
          "u1",
          [
            ["a", "move"],
            ["b", "flow"],
          ],
          [
            ["a", "MoveFlow"],
            ["b", "flow"],
          ],
        ),
      ),
    ).toEqual([]);
    expect(t.record(edit("u2", [["c", "move,"]], [["c", "MoveFlow,"]]))).toEqual([
      { key: "move\u2192MoveFlow", from: "move", term: "MoveFlow" },
    ]);
    // Once only, even in a third place.
    expect(t.record(edit("u3", [["d", "Move"]], [["d", "MoveFlow"]]))).toEqual([]);
  });

  it("finds a corrected word that moved within its utterance", () => {
    const t = new CorrectionTracker();
    t.record(
      edit(
        "u1",
        [
          ["a", "acme"],
          ["b", "corp"],
        ],
        [
          ["n", "the"],
          ["a", "Acme"],
          ["b", "corp"],
        ],
      ),
    );
    expect(t.record(edit("u2", [["c", "acme"]], [["c", "Acme"]])).map((p) => p.term)).toEqual(["Acme"]);
  });

  it("counts a word typed letter by letter by its current text against what was recognized", () => {
    const t = new CorrectionTracker();
    t.record(edit("u1", [["a", "acme"]], [["a", "Acne"]]));
    t.record(edit("u1", [["a", "Acne"]], [["a", "Acme"]]));
    const typed: string[] = ["ac", "acm", "Acm", "Acme"];
    let prev = "acme";
    const offered = typed.map((text) => {
      const r = t.record(edit("u2", [["b", prev]], [["b", text]]));
      prev = text;
      return r.map((p) => p.term);
    });
    expect(offered).toEqual([[], [], [], ["Acme"]]);
  });

  it("does not count a word corrected back, punctuation-only changes, different corrections, or skipped pairs", () => {
    const t = new CorrectionTracker((p) => p.term === "Declined");
    t.record(edit("u1", [["a", "jane"]], [["a", "Jayne"]]));
    t.record(edit("u1", [["a", "Jayne"]], [["a", "jane"]])); // undone by hand
    expect(t.record(edit("u2", [["b", "jane"]], [["b", "Jayne"]]))).toEqual([]);
    expect(t.record(edit("u3", [["c", "budget"]], [["c", "budget."]]))).toEqual([]);
    expect(t.record(edit("u4", [["d", "budget"]], [["d", "budget."]]))).toEqual([]);
    t.record(edit("u5", [["e", "x"]], [["e", "Declined"]]));
    expect(t.record(edit("u6", [["f", "x"]], [["f", "Declined"]]))).toEqual([]);
    t.record(edit("u7", [["g", "plans"]], [["g", "Plan A"]]));
    expect(t.record(edit("u8", [["h", "plans"]], [["h", "Plan B"]]))).toEqual([]);
  });

  it("ignores deleted words and terms longer than a vocabulary term may be", () => {
    const t = new CorrectionTracker();
    t.record(
      edit(
        "u1",
        [
          ["a", "x"],
          ["b", "y"],
        ],
        [["b", "y"]],
      ),
    );
    expect(t.record(edit("u2", [["c", "x"]], []))).toEqual([]);
    const long = "L".repeat(51);
    t.record(edit("u3", [["d", "z"]], [["d", long]]));
    expect(t.record(edit("u4", [["e", "z"]], [["e", long]]))).toEqual([]);
  });

  it("strips punctuation around a term only", () => {
    expect(stripPunctuation("(Jane's,)")).toBe("Jane's");
    expect(stripPunctuation("  A.I. ")).toBe("A.I");
  });
});
