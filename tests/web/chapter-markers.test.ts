// Where a chapter's marker is drawn: before the last utterance starting at or before the chapter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chapterStarts } from "../../web/src/chapters/chapter-markers";

const utterances = [
  { id: "a", startTime: 0 },
  { id: "b", startTime: 3.2 },
  { id: "c", startTime: 6.5 },
  { id: "d", startTime: 9.1 },
];

describe("chapter markers", () => {
  it("puts each chapter before the utterance it starts in; two in one utterance keep their order", () => {
    const starts = chapterStarts(
      [
        { id: "1", title: "Beginning", start_time: 0 },
        { id: "2", title: "Budget", start_time: 7.9 },
        { id: "3", title: "Hiring", start_time: 8.5 },
        { id: "4", title: "Review", start_time: 9.1 },
      ],
      utterances,
    );
    expect(Object.fromEntries([...starts].map(([id, cs]) => [id, cs.map((c) => c.title)]))).toEqual({
      a: ["Beginning"],
      c: ["Budget", "Hiring"],
      d: ["Review"],
    });
  });

  it("draws every chapter exactly once, before an utterance that starts no later than it (or the first)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.double({ min: 0, max: 120, noNaN: true }), { maxLength: 10 }),
        (times, chapterTimes) => {
          const list = [...times].sort((a, b) => a - b).map((t, i) => ({ id: `u${i}`, startTime: t }));
          const chapters = chapterTimes.map((t, i) => ({ id: `c${i}`, title: `C${i}`, start_time: t }));
          const starts = chapterStarts(chapters, list);
          const placed = [...starts.values()].flat();
          expect(placed.map((c) => c.id).sort()).toEqual(chapters.map((c) => c.id).sort());
          for (const [id, cs] of starts) {
            const index = list.findIndex((u) => u.id === id);
            for (const c of cs) {
              const chapter = chapters.find((x) => x.id === c.id)!;
              if (index > 0) expect(list[index]!.startTime).toBeLessThanOrEqual(chapter.start_time + 0.001);
              const next = list[index + 1];
              if (next && next.startTime !== list[index]!.startTime) expect(next.startTime).toBeGreaterThan(chapter.start_time + 0.001);
            }
          }
        },
      ),
    );
  });
});
