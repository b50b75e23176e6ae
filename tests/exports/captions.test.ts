// Caption rules hold for every transcript: cues ≤ 7 s, ≤ 2 lines of ≤ 42
// characters broken between words, never overlapping, every word once in order,
// and none too short to read unless its utterance is or no neighbour can take it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHORT_CUE } from "../../core/subtitle-cues";
import { buildCues, CAPTION_RULES, type Cue, cueTimestamp } from "../../worker/exports/formats/captions";
import type { ExportUtterance, ExportWord } from "../../worker/exports/document";

const wordText = fc.stringMatching(/^[A-Za-zÀ-ÿΑ-ωА-я'.,?!-]{1,14}$/);

const spanOf = (words: readonly ExportWord[]) => Math.max(...words.map((w) => Math.max(w.start, w.end))) - words[0]!.start;
const short = (words: readonly ExportWord[]) =>
  spanOf(words) < SHORT_CUE.minSeconds || [...words.map((w) => w.text).join(" ")].length < SHORT_CUE.minChars;

/** Lines of at most the line length, filled word by word. */
function lineCount(words: readonly ExportWord[]): number {
  let lines = 0;
  let last = "";
  for (const { text } of words) {
    if (lines && [...last].length + 1 + [...text].length <= CAPTION_RULES.maxLineChars) last = `${last} ${text}`;
    else [lines, last] = [lines + 1, text];
  }
  return lines;
}

/** Words one cue may hold: within its time and lines, or a single word. */
const fits = (words: readonly ExportWord[]) =>
  words.length < 2 || (spanOf(words) <= CAPTION_RULES.maxCueSeconds && lineCount(words) <= CAPTION_RULES.maxLines);

/** Could these words (two neighbouring cues) be one cue, or two where neither is short? */
function canJoin(words: readonly ExportWord[]): boolean {
  if (fits(words)) return true;
  for (let cut = 1; cut < words.length; cut++) {
    const [left, right] = [words.slice(0, cut), words.slice(cut)];
    if (fits(left) && fits(right) && !short(left) && !short(right)) return true;
  }
  return false;
}

/** Each cue's own words and the utterance they come from (a cue never spans two). */
function wordsOfCues(utterances: readonly ExportUtterance[], cues: readonly Cue[]) {
  const all = utterances.flatMap((u, utterance) => u.words.map((word) => ({ word, utterance })));
  let next = 0;
  return cues.map((cue) => {
    const taken = all.slice(next, next + cue.lines.join(" ").split(" ").length);
    next += taken.length;
    expect(new Set(taken.map((t) => t.utterance)).size).toBe(1);
    return { words: taken.map((t) => t.word), utterance: taken[0]!.utterance };
  });
}

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

  it("joins a cue too short to read to a neighbour of its utterance, keeping every word, its order and its times", () => {
    fc.assert(
      fc.property(utterancesArb, (utterances) => {
        const cues = buildCues(utterances);
        const placed = wordsOfCues(utterances, cues);
        placed.forEach(({ words, utterance }, i) => {
          // Shown from its first word (or once the cue before it ends), for as long as its words or the next cue allows.
          const cue = cues[i]!;
          expect(cue.start).toBe(Math.max(0, words[0]!.start, i > 0 ? cues[i - 1]!.end : 0));
          const spoken = Math.max(...words.map((w) => Math.max(w.start, w.end)));
          const next = placed[i + 1]?.words[0]?.start ?? Number.POSITIVE_INFINITY;
          expect(cue.end).toBeGreaterThanOrEqual(
            Math.min(spoken, cue.start + CAPTION_RULES.maxCueSeconds, Math.max(next, cue.start)) - 1e-9,
          );
          if (!short(words) || short(utterances[utterance]!.words)) return;
          // A short cue stays only when neither neighbour in its utterance can take it, whole or cut again.
          for (const j of [i - 1, i + 1]) {
            const neighbour = placed[j];
            if (neighbour?.utterance !== utterance) continue;
            const pair = j < i ? [...neighbour.words, ...words] : [...words, ...neighbour.words];
            expect(canJoin(pair), `"${pair.map((w) => w.text).join(" ")}"`).toBe(false);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("gives a lone last word its neighbour's company instead of half a second of its own", () => {
    // 14 words fill two lines; "today." would be a cue of its own.
    const texts = [...Array.from({ length: 14 }, (_, i) => `word${String.fromCharCode(97 + i)}`), "today."];
    const words = texts.map((text, i) => ({ text, start: i * 0.35, end: i * 0.35 + 0.3 }));
    const cues = buildCues([{ speaker: "A", start: 0, end: words.at(-1)!.end, text: texts.join(" "), words }]);
    expect(cues.map((c) => c.lines.join(" ")).join(" ")).toBe(texts.join(" "));
    const last = cues.at(-1)!;
    expect(last.lines.join(" ")).not.toBe("today.");
    expect(last.end - last.start).toBeGreaterThanOrEqual(SHORT_CUE.minSeconds);
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
