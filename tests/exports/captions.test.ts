// Caption rules hold for every transcript: cues ≤ 7 s, ≤ 2 lines of ≤ 42
// characters broken between words, never overlapping, every word once in order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCues, CAPTION_RULES, cueTimestamp } from "../../worker/exports/formats/captions";
import type { ExportUtterance } from "../../worker/exports/document";

const wordText = fc.stringMatching(/^[A-Za-zÀ-ÿΑ-ωА-я'.,?!-]{1,14}$/);

const utterancesArb = fc
  .array(
    fc.record({
      speaker: fc.constantFrom("Ana", "Bo", "Speaker 3"),
      words: fc.array(
        fc.record({ text: wordText, gap: fc.double({ min: 0, max: 3, noNaN: true }), length: fc.double({ min: 0, max: 9, noNaN: true }) }),
        { minLength: 1, maxLength: 60 },
      ),
    }),
    { maxLength: 12 },
  )
  .map((list) => {
    let t = 0;
    return list.map(({ speaker, words }): ExportUtterance => {
      const timed = words.map((w) => {
        const start = t + w.gap;
        t = start + w.length;
        return { text: w.text, start, end: t };
      });
      return { speaker, start: timed[0]!.start, end: timed[timed.length - 1]!.end, text: timed.map((w) => w.text).join(" "), words: timed };
    });
  });

describe("captions", () => {
  it("follow the subtitle rules for any transcript", () => {
    fc.assert(
      fc.property(utterancesArb, (utterances) => {
        const cues = buildCues(utterances);
        cues.forEach((cue, i) => {
          expect(cue.end - cue.start).toBeLessThanOrEqual(CAPTION_RULES.maxCueSeconds + 1e-9);
          expect(cue.end).toBeGreaterThanOrEqual(cue.start);
          expect(cue.lines.length).toBeLessThanOrEqual(CAPTION_RULES.maxLines);
          for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(CAPTION_RULES.maxLineChars);
          if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
        });
        // Every word exactly once, in order, and a cue never mixes speakers.
        expect(cues.map((c) => c.lines.join(" ")).join(" ")).toBe(
          utterances
            .map((u) => u.text)
            .join(" ")
            .trim(),
        );
        const perUtterance = utterances.map((u) => u.speaker);
        expect(new Set(cues.map((c) => c.speaker)).size).toBeLessThanOrEqual(new Set(perUtterance).size);
      }),
      { numRuns: 300 },
    );
  });

  it("starts a cue at each utterance", () => {
    const cues = buildCues([
      {
        speaker: "A",
        start: 0,
        end: 1,
        text: "one two",
        words: [
          { text: "one", start: 0, end: 0.5 },
          { text: "two", start: 0.5, end: 1 },
        ],
      },
      { speaker: "A", start: 1, end: 2, text: "three", words: [{ text: "three", start: 1, end: 2 }] },
    ]);
    expect(cues.map((c) => c.lines)).toEqual([["one two"], ["three"]]);
  });

  it("writes SRT and VTT times", () => {
    expect(cueTimestamp(3725.5, ",")).toBe("01:02:05,500");
    expect(cueTimestamp(0.0004, ".")).toBe("00:00:00.000");
    expect(cueTimestamp(59.9996, ".")).toBe("00:01:00.000");
  });
});
