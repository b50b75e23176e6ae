// Chapters (core/chapters.ts) over random edit sequences, with the real rules applying them:
// the chapters still resolve, in order, covering the transcript from its first word to its end
// without overlap; a chapter stays on its word while it is there; undo brings back exactly where
// they were, and undoing a PUT's change brings back exactly the chapters before it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHAPTER_LIMITS, CHAPTER_MESSAGES, planChapters, resolveChapters, type StoredChapter } from "../../core/chapters";
import type { AnchorIndex } from "../../core/comment-anchors";
import { type Change, invertChange } from "../../core/change";
import { applyOp } from "../../core/transcript-apply";
import { indexOf, opArb, operation } from "../support/random-edits";
import { docContext, makeDoc } from "../support/transcript-doc";

const docArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });
const ids = () => {
  let n = 0;
  return () => `c${++n}`;
};

/** Chapters on some distinct words of the transcript, put as a PUT would. */
function putChapters(index: AnchorIndex, picks: number[]): StoredChapter[] {
  const words = [...new Set(picks.map((p) => p % index.words.length))];
  const plan = planChapters(
    index,
    null,
    words.map((w, i) => ({ title: `Chapter ${i}`, startWordId: index.words[w]!.id, summary: `About ${i}` })),
    { newId: ids() },
  );
  return plan!.chapters;
}

/** What must hold of any resolved list: in order, from the first word to the end, each ending where the next starts. */
function expectCovering(index: AnchorIndex, stored: readonly StoredChapter[], end: number) {
  const resolved = resolveChapters(index, stored, end);
  expect(resolved).toHaveLength(stored.length);
  expect(new Set(resolved.map((c) => c.id))).toEqual(new Set(stored.map((c) => c.id)));
  expect(resolved[0]!.startTime).toBe(index.words[0]!.start);
  expect(resolved[0]!.startWordId).toBe(index.words[0]!.id);
  expect(resolved.at(-1)!.endTime).toBe(Math.max(end, index.words.at(-1)!.end));
  resolved.forEach((c, i) => {
    expect(index.indexOf(c.startWordId)).toBeDefined();
    expect(c.endTime).toBeGreaterThanOrEqual(c.startTime);
    if (i > 0) {
      expect(resolved[i - 1]!.endTime).toBe(c.startTime);
      expect(index.indexOf(c.startWordId)!).toBeGreaterThanOrEqual(index.indexOf(resolved[i - 1]!.startWordId)!);
    }
  });
  return resolved;
}

describe("chapters", () => {
  it("resolve through random edits in order and covering the transcript, on their words while those are there; undo restores them", () => {
    fc.assert(
      fc.property(
        docArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.array(opArb, { maxLength: 14 }),
        (counts, picks, seeds) => {
          const ctx = docContext(makeDoc(counts));
          const end = 1_000;
          const stored = putChapters(indexOf(ctx.list()), picks);
          const before = expectCovering(indexOf(ctx.list()), stored, end);

          const done: Change[] = [];
          seeds.forEach((seed, n) => {
            const op = operation(ctx.list(), ctx.next, seed, n, "before");
            if (!op) return;
            const { change } = applyOp(ctx, op);
            ctx.apply(change);
            done.push(change);
            const index = indexOf(ctx.list());
            const resolved = expectCovering(index, stored, end);
            // A chapter after the first whose word is there starts at it.
            for (const c of resolved.slice(1)) {
              const own = stored.find((s) => s.id === c.id)!;
              if (index.indexOf(own.startWordId) !== undefined) expect(c.startWordId).toBe(own.startWordId);
            }
          });

          for (const change of done.reverse()) ctx.apply(invertChange(change));
          expect(resolveChapters(indexOf(ctx.list()), stored, end)).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a PUT's change, undone, brings back exactly the chapters before it; redone, the new ones", () => {
    fc.assert(
      fc.property(docArb, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 }), (counts, a, b) => {
        const index = indexOf(makeDoc(counts));
        const prior = putChapters(index, a);
        const words = [...new Set(b.map((p) => p % index.words.length))];
        const plan = planChapters(
          index,
          prior,
          words.map((w) => ({ id: prior[w % prior.length]?.id, title: `New ${w}`, startWordId: index.words[w]!.id })),
          { newId: ids() },
        );
        if (!plan) return;
        expect(plan.change.fields!.after.chapters ?? []).toEqual(plan.chapters);
        const undone = invertChange(plan.change);
        expect(undone.fields!.after.chapters).toEqual(prior);
        expect(invertChange(undone).fields!.after.chapters ?? []).toEqual(plan.chapters);
        expect(plan).toMatchObject({ type: "other", summary: CHAPTER_MESSAGES.edited });
      }),
      { numRuns: 200 },
    );
  });

  it("orders a PUT by its words, starts the first at the first word and keeps ids and summaries it names", () => {
    const index = indexOf(makeDoc([3, 3]));
    const prior = planChapters(index, null, [{ title: "One", startWordId: "u0w0", summary: "First part" }], {
      newId: () => "kept",
    })!.chapters;
    const plan = planChapters(
      index,
      prior,
      [
        { title: " Two ", startWordId: "u1w1" },
        { id: "kept", title: "One again", startWordId: "u0w2" },
      ],
      { newId: () => "fresh" },
    )!;
    expect(plan.chapters).toEqual([
      { id: "kept", title: "One again", startWordId: "u0w0", summary: "First part", startTime: 0 },
      { id: "fresh", title: "Two", startWordId: "u1w1", summary: "", startTime: index.words[4]!.start },
    ]);
    // The same list again changes nothing.
    expect(
      planChapters(
        index,
        plan.chapters,
        [
          { id: "kept", title: "One again", startWordId: "u0w0" },
          { id: "fresh", title: "Two", startWordId: "u1w1" },
        ],
        { newId: () => "x" },
      ),
    ).toBeNull();
  });

  it("refuses a missing word (naming it), two chapters on one word, titles that are not plain text or too long, and too many", () => {
    const index = indexOf(makeDoc([3, 3]));
    const plan = (input: Parameters<typeof planChapters>[2]) => () => planChapters(index, null, input, { newId: ids() });
    expect(plan([{ title: "A", startWordId: "gone" }])).toThrow(CHAPTER_MESSAGES.wordNotFound("gone"));
    expect(
      plan([
        { title: "A", startWordId: "u0w1" },
        { title: "B", startWordId: "u0w1" },
      ]),
    ).toThrow(CHAPTER_MESSAGES.sameWord("u0w1"));
    expect(plan([{ title: "  ", startWordId: "u0w1" }])).toThrow(CHAPTER_MESSAGES.titleRequired);
    expect(plan([{ title: "A\nB", startWordId: "u0w1" }])).toThrow(/line breaks/);
    expect(plan([{ title: "x".repeat(CHAPTER_LIMITS.titleMax + 1), startWordId: "u0w1" }])).toThrow(CHAPTER_MESSAGES.titleTooLong);
    const many = Array.from({ length: CHAPTER_LIMITS.chaptersMax + 1 }, () => ({ title: "A", startWordId: "u0w0" }));
    expect(plan(many)).toThrow(CHAPTER_MESSAGES.tooMany);
    // A generated list leaves such chapters out instead.
    const generated = planChapters(
      index,
      null,
      [
        { title: "A", startWordId: "u0w0" },
        { title: "B", startWordId: "gone" },
        { title: "C", startWordId: "u0w0" },
        { title: "D", startWordId: "u1w0" },
      ],
      { newId: ids(), generated: true },
    )!;
    expect(generated.chapters.map((c) => c.title)).toEqual(["A", "D"]);
    expect(generated.summary).toBe(CHAPTER_MESSAGES.generated);
  });

  it("places a chapter whose word is gone at the first word from its last time", () => {
    const index = indexOf(makeDoc([3, 3]));
    const stored: StoredChapter[] = [
      { id: "a", title: "A", startWordId: "u0w0", summary: "", startTime: 0 },
      { id: "b", title: "B", startWordId: "deleted", summary: "", startTime: 3.5 },
    ];
    expect(resolveChapters(index, stored, 0).map((c) => [c.id, c.startWordId, c.startTime])).toEqual([
      ["a", "u0w0", 0],
      ["b", "u1w0", 4],
    ]);
  });
});
