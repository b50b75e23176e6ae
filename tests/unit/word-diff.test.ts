import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOp, type OpContext } from "../../core/transcript-apply";
import type { UtteranceState } from "../../core/change";
import { cycleConfidence, diffWords, nextConfidence, tokenize, wordPatches, type EditableWord } from "../../core/word-diff";

let counter = 0;
const options = (span = { start: 0, end: 10 }) => ({ now: 1000, newId: () => `new-${++counter}`, span });

function words(...specs: [string, number, number, number?][]): EditableWord[] {
  return specs.map(([text, startTime, endTime, confidenceScore = 0.9], position) => ({
    id: `w${position}`,
    text,
    startTime,
    endTime,
    position,
    confidenceScore,
    hasEntities: false,
  }));
}

const hello = () => words(["hello", 0, 1], ["teh", 1, 2, 0.4], ["world", 2, 3]);

describe("word-edit diffing (docs/product.md#transcript-editor)", () => {
  it("identical text is no change, whatever the spacing", () => {
    expect(diffWords(hello(), "hello teh world", options())).toBeNull();
    expect(diffWords(hello(), "  hello   teh\nworld ", options())).toBeNull();
  });

  it("one word replaced by one word is modified, keeping its id and times", () => {
    const out = diffWords(hello(), "hello the world", options())!;
    expect(out.map((w) => w.text)).toEqual(["hello", "the", "world"]);
    expect(out[1]).toMatchObject({
      id: "w1",
      startTime: 1,
      endTime: 2,
      isModified: true,
      originalConfidenceScore: 0.4,
      lastModifiedAt: 1000,
    });
    expect(out[0]!.isModified).toBeUndefined();
    expect(out[2]!.isModified).toBeUndefined();
  });

  it("one word split into two parts that join to it divides its time proportionally (6 decimals)", () => {
    const out = diffWords(words(["into", 0, 1], ["something", 1, 2]), "in to something", options())!;
    expect(out.map((w) => w.text)).toEqual(["in", "to", "something"]);
    expect(out[0]).toMatchObject({ id: "w0", startTime: 0, endTime: 0.5, isModified: true });
    expect(out[1]).toMatchObject({ startTime: 0.5, endTime: 1, isNew: true });
    const thirds = diffWords(words(["abc", 0, 1]), "a bc", options())!;
    expect(thirds[0]!.endTime).toBe(0.333333);
    expect(thirds[1]!.startTime).toBe(0.333333);
  });

  it("two words joined into one merge", () => {
    const out = diffWords(words(["some", 0, 1, 0.9], ["thing", 1, 2, 0.7], ["else", 2, 3]), "something else", options())!;
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ id: "w0", text: "something", startTime: 0, endTime: 2, confidenceScore: 0.7, isModified: true });
    expect(out[1]).toMatchObject({ id: "w2", text: "else" });
  });

  it("other changes create new words with times interpolated from their neighbours", () => {
    const out = diffWords(words(["a", 0, 1], ["b", 4, 5]), "a x yy b", options({ start: 0, end: 5 }))!;
    expect(out.map((w) => w.text)).toEqual(["a", "x", "yy", "b"]);
    expect(out[1]).toMatchObject({ isNew: true, startTime: 1, endTime: 2, confidenceScore: 1 });
    expect(out[2]).toMatchObject({ isNew: true, startTime: 2, endTime: 4 });
    // Replacing words spreads the new ones over the replaced words' time, by length.
    const replaced = diffWords(words(["a", 0, 1], ["b", 1, 3], ["c", 3, 4]), "a x yyyy c", options())!;
    expect(replaced.slice(1, 3).map((w) => [w.text, w.startTime, w.endTime])).toEqual([
      ["x", 1, 1.4],
      ["yyyy", 1.4, 3],
    ]);
  });

  it("builds the spec's update_words payload", () => {
    const out = diffWords(words(["into", 0, 1], ["x", 1, 2]), "in to x", options())!;
    expect(wordPatches(out)).toEqual([
      { id: "w0", text: "in", end_time: 0.5, confidence_score: 0.9 },
      { id: out[1]!.id, text: "to", start_time: 0.5, end_time: 1, confidence_score: 0.9 },
      { id: "w1" },
    ]);
  });
});

describe("word confidence cycle (Ctrl/Cmd+I)", () => {
  it("toggles between 0 and a high original", () => {
    let w: EditableWord = words(["a", 0, 1, 0.9])[0]!;
    const seen = [];
    for (let i = 0; i < 4; i++) {
      w = cycleConfidence(w, 1);
      seen.push(w.confidenceScore);
    }
    expect(seen).toEqual([0, 0.9, 0, 0.9]);
    expect(w).toMatchObject({ isModified: true, originalConfidenceScore: 0.9 });
  });

  it("cycles a low original through 0, 1, 0, 1", () => {
    let w: EditableWord = words(["a", 0, 1, 0.5])[0]!;
    const seen = [w.confidenceScore];
    for (let i = 0; i < 4; i++) {
      w = cycleConfidence(w, 1);
      seen.push(w.confidenceScore);
    }
    expect(seen).toEqual([0.5, 0, 1, 0, 1]);
    expect(nextConfidence({ confidenceScore: 0.8 })).toBe(0);
  });
});

// ---------------------------------------------------------------- properties

const token = fc.stringMatching(/^[a-z]{1,6}$/);
/** A valid utterance: times never go backwards and stay in its span. */
const utterance = fc
  .array(
    fc.tuple(token, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true })),
    {
      minLength: 1,
      maxLength: 25,
    },
  )
  .map((specs) => {
    let t = 5;
    const ws: EditableWord[] = specs.map(([text, gap, length, confidenceScore], position) => {
      const startTime = t + gap / 1000;
      const endTime = startTime + length / 1000;
      t = startTime + (length / 1000) * 0.8; // slight overlaps happen in real output
      return { id: `w${position}`, text, startTime, endTime, position, confidenceScore, hasEntities: false };
    });
    const end = Math.max(...ws.map((w) => w.endTime)) + 1;
    return { words: ws, span: { start: 4, end } };
  });

type Edit = { kind: "replace" | "insert" | "delete" | "split" | "join"; at: number; text: string } | { kind: "rewrite"; text: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom("replace", "insert", "delete", "split", "join" as const), at: fc.nat(), text: token }),
  fc.record({ kind: fc.constant("rewrite" as const), text: fc.array(token, { minLength: 1, maxLength: 8 }).map((t) => t.join(" ")) }),
);

function applyEdits(texts: string[], edits: Edit[]): string[] {
  let out = [...texts];
  for (const e of edits) {
    if (e.kind === "rewrite") {
      out = e.text.split(" ");
      continue;
    }
    const at = out.length ? e.at % out.length : 0;
    if (e.kind === "replace") out[at] = e.text;
    if (e.kind === "insert") out.splice(at, 0, e.text);
    if (e.kind === "delete" && out.length > 1) out.splice(at, 1);
    if (e.kind === "split" && out[at]!.length > 1) out.splice(at, 1, out[at]!.slice(0, 1), out[at]!.slice(1));
    if (e.kind === "join" && at + 1 < out.length) out.splice(at, 2, out[at]! + out[at + 1]!);
  }
  return out;
}

const asState = (ws: EditableWord[], span: { start: number; end: number }): UtteranceState => ({
  id: "u1",
  speakerId: "s1",
  startTime: span.start,
  endTime: span.end,
  position: 0,
  confidenceScore: 0.5,
  sentiment: null,
  sentimentConfidence: null,
  transcriptWords: ws,
  orderKey: "a0",
  version: 3,
});

const strip = ({ isNew, isModified, lastModifiedAt, ...w }: EditableWord) => w;

describe("word-edit diffing holds for every edit", () => {
  it("yields the typed words with ordered times inside the utterance, and the server agrees", () => {
    fc.assert(
      fc.property(utterance, fc.array(edit, { minLength: 1, maxLength: 5 }), ({ words: ws, span }, edits) => {
        const texts = applyEdits(
          ws.map((w) => w.text),
          edits,
        );
        const out = diffWords(ws, texts.join(" "), options(span));
        if (out === null) {
          expect(texts.join(" ")).toBe(ws.map((w) => w.text).join(" "));
          return;
        }
        expect(out.map((w) => w.text)).toEqual(tokenize(texts.join(" ")));
        expect(new Set(out.map((w) => w.id)).size).toBe(out.length);
        let previous = -Infinity;
        for (const w of out) {
          expect(w.startTime).toBeGreaterThanOrEqual(previous);
          expect(w.endTime).toBeGreaterThanOrEqual(w.startTime);
          expect(w.startTime).toBeGreaterThanOrEqual(span.start);
          expect(w.endTime).toBeLessThanOrEqual(span.end);
          previous = w.startTime;
        }
        // Words kept by id keep their start: a modified word never moves.
        const before = new Map(ws.map((w) => [w.id, w]));
        for (const w of out) if (before.has(w.id)) expect(w.startTime).toBe(before.get(w.id)!.startTime);
        // Only changed words are flagged.
        for (const w of out) if (!w.isNew && !w.isModified) expect({ ...w, position: 0 }).toEqual({ ...before.get(w.id), position: 0 });
        // The server applies the payload to exactly the same words.
        const state = asState(ws, span);
        const ctx: OpContext = { utterance: (id) => (id === "u1" ? state : undefined), next: () => undefined, speakerName: () => "A" };
        const applied = applyOp(ctx, { type: "update_words", utteranceId: "u1", words: wordPatches(out) });
        expect(applied.change.utterances[0]!.after!.transcriptWords).toEqual(out.map(strip));
      }),
      { numRuns: 500 },
    );
  });
});
