// Comment anchors (core/comment-anchors.ts) over random edit sequences: an anchor stays on the
// words it was made on while any is left, is marked removed (at its time) when none is, and
// comes back exactly when the edits are undone; a re-transcription's new words take it by time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnchorIndex, anchorOn, reanchorByTime, resolveAnchor, type StoredAnchor } from "../../core/comment-anchors";
import { type Change, invertChange } from "../../core/change";
import { applyOp } from "../../core/transcript-apply";
import { indexOf, opArb, operation } from "../support/random-edits";
import { docContext, makeDoc } from "../support/transcript-doc";

const docArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });

describe("comment anchors", () => {
  it("hold through random edits while a word is left, are removed at their time when none is, and come back on undo", () => {
    fc.assert(
      fc.property(docArb, fc.nat(), fc.nat(), fc.array(opArb, { maxLength: 14 }), (counts, a, b, seeds) => {
        const original = makeDoc(counts);
        const ctx = docContext(original);
        const words = indexOf(ctx.list()).words;
        const [first, last] = [a % words.length, b % words.length].sort((x, y) => x - y) as [number, number];
        const stored = anchorOn(indexOf(ctx.list()), words[first]!.id, words[last]!.id, 10_000) as StoredAnchor;
        const before = resolveAnchor(indexOf(ctx.list()), stored);
        expect(before).toMatchObject({ startWordId: words[first]!.id, endWordId: words[last]!.id, removed: false });

        const done: Change[] = [];
        seeds.forEach((seed, n) => {
          const op = operation(ctx.list(), ctx.next, seed, n);
          if (!op) return;
          const { change } = applyOp(ctx, op);
          ctx.apply(change);
          done.push(change);

          const index = indexOf(ctx.list());
          const anchor = resolveAnchor(index, stored);
          const present = stored.wordIds.map((id) => index.indexOf(id)).filter((i): i is number => i !== undefined);
          if (!present.length) {
            // Gone: kept at its last time and text.
            expect(anchor).toMatchObject({ removed: true, startTime: stored.startTime, endTime: stored.endTime, text: stored.text });
            return;
          }
          // On its own words: from the first left to the last left, covering whatever is between.
          const from = Math.min(...present);
          const to = Math.max(...present);
          expect(anchor.removed).toBe(false);
          expect(anchor.startWordId).toBe(index.words[from]!.id);
          expect(anchor.endWordId).toBe(index.words[to]!.id);
          expect(anchor.text).toBe(
            index.words
              .slice(from, to + 1)
              .map((w) => w.text)
              .join(" "),
          );
        });

        for (const change of done.reverse()) ctx.apply(invertChange(change));
        expect(resolveAnchor(indexOf(ctx.list()), stored)).toEqual(before);
      }),
      { numRuns: 400 },
    );
  });

  it("refuse words outside the transcript, a reversed range and too many words", () => {
    const index = indexOf(makeDoc([3, 3]));
    expect(anchorOn(index, "u0w0", "elsewhere", 10)).toBe("not_found");
    expect(anchorOn(index, "u1w0", "u0w2", 10)).toBe("reversed");
    expect(anchorOn(index, "u0w0", "u1w2", 5)).toBe("too_long");
    expect(anchorOn(index, "u0w0", "u1w1", 5)).toMatchObject({ wordIds: ["u0w0", "u0w1", "u0w2", "u1w0", "u1w1"] });
  });

  it("follow a re-transcription's new words by time, and find their old words again after its undo", () => {
    fc.assert(
      fc.property(docArb, fc.nat(), fc.nat(), (counts, a, b) => {
        const old = indexOf(makeDoc(counts));
        const [first, last] = [a % old.words.length, b % old.words.length].sort((x, y) => x - y) as [number, number];
        const stored = anchorOn(old, old.words[first]!.id, old.words[last]!.id, 10_000) as StoredAnchor;
        const before = resolveAnchor(old, stored);
        // The same speech recognised again: new ids, the same times.
        const fresh = new AnchorIndex(old.words.map((w) => ({ ...w, id: `re-${w.id}`, text: w.text.toUpperCase() })));
        expect(resolveAnchor(fresh, stored).removed).toBe(true);
        const moved = reanchorByTime(fresh, stored, 10_000)!;
        expect(resolveAnchor(fresh, moved)).toMatchObject({
          startWordId: `re-${before.startWordId}`,
          endWordId: `re-${before.endWordId}`,
          text: before.text.toUpperCase(),
          removed: false,
        });
        // Undo brings the old words back: the anchor is where it was.
        expect(resolveAnchor(old, moved)).toEqual(before);
        // An anchor that still has words is left alone.
        expect(reanchorByTime(old, stored, 10_000)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
