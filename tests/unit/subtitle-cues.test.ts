// Cues of a translated utterance (core/subtitle-cues.ts), for every text and span: in order,
// inside the utterance's span, never overlapping, the text kept whole; cut at sentences first.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oneLine, splitTimedText, TIMED_TEXT_LIMITS } from "../../core/subtitle-cues";

const words = fc.array(
  fc.oneof(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 14 }),
    fc.constantFrom("Sí.", "pero,", "¿Qué?", "fin!", "—", "así;", "«bien».", "x".repeat(120)),
  ),
  { maxLength: 80 },
);
const text = fc.tuple(words, fc.constantFrom(" ", "  ", "\n", "\t ")).map(([list, gap]) => list.join(gap));
const span = fc
  .tuple(fc.double({ min: 0, max: 12_000, noNaN: true }), fc.double({ min: 0, max: 120, noNaN: true }))
  .map(([start, length]) => ({ start, end: start + length }));

describe("cues of a text without word times", () => {
  it("are in order, inside the span, never overlapping, and hold the whole text", () => {
    fc.assert(
      fc.property(text, span, (t, { start, end }) => {
        const cues = splitTimedText(t, start, end);
        expect(cues.map((c) => c.text).join(" ")).toBe(oneLine(t));
        let previousEnd = start;
        for (const cue of cues) {
          expect(cue.text).not.toBe("");
          expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
          expect(cue.end).toBeGreaterThanOrEqual(cue.start);
          expect(cue.end).toBeLessThanOrEqual(end);
          previousEnd = cue.end;
        }
        if (cues.length) expect(cues.at(-1)!.end).toBe(end);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a short utterance as one cue over its whole span", () => {
    expect(splitTimedText("  Hola a   todos. ", 3, 5)).toEqual([{ start: 3, end: 5, text: "Hola a todos." }]);
    expect(splitTimedText(" ", 3, 5)).toEqual([]);
  });

  it("cuts a long one at sentence ends, then clauses, with times in proportion to characters", () => {
    const first = "Buenos días a todos y gracias por venir hoy.";
    const second = "El presupuesto trimestral parece bien, pero deberíamos hablar de los planes de contratación.";
    const cues = splitTimedText(`${first} ${second}`, 10, 24);
    expect(cues.map((c) => c.text)).toEqual([
      first,
      "El presupuesto trimestral parece bien,",
      "pero deberíamos hablar de los planes de contratación.",
    ]);
    const perChar = 14 / (first.length + second.length + 1);
    expect(cues[0]!.start).toBe(10);
    expect(cues[1]!.start).toBeCloseTo(10 + (first.length + 1) * perChar, 9);
    expect(cues.at(-1)!.end).toBe(24);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(TIMED_TEXT_LIMITS.maxChars);
  });

  it("cuts a long span of short sentences so no cue lasts past the limit where a boundary allows", () => {
    const cues = splitTimedText("Sí. No. Quizá mañana.", 0, 10);
    expect(cues.map((c) => c.text)).toEqual(["Sí. No.", "Quizá mañana."]);
    for (const cue of cues) expect(cue.end - cue.start).toBeLessThanOrEqual(TIMED_TEXT_LIMITS.maxSeconds);
    // No boundary is left but between words: cut there.
    expect(splitTimedText("Sí. No. Quizá mañana.", 0, 21).map((c) => c.text)).toEqual(["Sí. No.", "Quizá", "mañana."]);
  });
});
