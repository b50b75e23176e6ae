// The highlights' rules in the browser: the shared page's moment address (built by "share this
// moment", read by the page, which ignores anything but a time in the recording), the words a
// moment marks, the highlighted words per utterance, and their mark among the words' others.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HighlightDto } from "../../common/highlights";
import type { UtteranceDto } from "../../core/transcript";
import { highlightMarks } from "../../web/src/highlights/highlight-marks";
import { momentUrl, parseMoment } from "../../web/src/highlights/moment";
import { wordsHtml } from "../../web/src/editor/view/word-html";
import { momentWords } from "../../web/src/share/SharedMoment";

const SHARE = "https://transcribe.example/s/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

const utterance = (id: string, words: [string, number][]) =>
  ({
    id,
    startTime: words[0]![1],
    endTime: words.at(-1)![1] + 0.4,
    transcriptWords: words.map(([wid, start], position) => ({
      id: wid,
      text: wid,
      startTime: start,
      endTime: start + 0.4,
      position,
      confidenceScore: 0.95,
      hasEntities: false,
    })),
  }) as UtteranceDto;

const doc = [
  utterance("u0", [
    ["a", 0],
    ["b", 0.5],
    ["c", 1],
  ]),
  utterance("u1", [
    ["d", 2],
    ["e", 2.5],
  ]),
  utterance("u2", [["f", 4]]),
];

describe("a moment's address", () => {
  it("round-trips every moment inside the recording, to the hundredth of a second", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 36_000, noNaN: true }), fc.double({ min: 0, max: 600, noNaN: true }), (start, length) => {
        const end = start + length;
        const read = parseMoment(new URL(momentUrl(SHARE, start, end)).search, 40_000);
        expect(read).not.toBeNull();
        expect(Math.abs(read!.start - start)).toBeLessThanOrEqual(0.005);
        if (read!.end !== null) expect(Math.abs(read!.end - end)).toBeLessThanOrEqual(0.005);
        else expect(Math.round(end * 100)).toBe(Math.round(start * 100));
      }),
    );
  });

  it("ignores whatever is not a plain time within the recording", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (t, e) => {
        const read = parseMoment(new URLSearchParams({ t, e }), 100);
        if (read) {
          expect(read.start).toBeGreaterThanOrEqual(0);
          expect(read.start).toBeLessThanOrEqual(100);
          if (read.end !== null) expect(read.end).toBeGreaterThan(read.start);
        }
      }),
    );
    for (const t of ["", "-1", "1e3", "Infinity", "NaN", "0x10", "12:30", "101", " 5"]) expect(parseMoment(`?t=${t}`, 100)).toBeNull();
    expect(parseMoment("?t=83.2&e=80", 100)).toEqual({ start: 83.2, end: null });
    expect(parseMoment("?t=83.2&e=88.15", null)).toEqual({ start: 83.2, end: 88.15 });
  });

  it("marks the words from its start to its end, or to the end of the utterance it starts in", () => {
    expect(momentWords(doc, { start: 0.5, end: 2.6 })).toEqual({ utteranceIds: ["u0", "u1"], wordIds: new Set(["b", "c", "d", "e"]) });
    expect(momentWords(doc, { start: 2.4, end: null })).toEqual({ utteranceIds: ["u1"], wordIds: new Set(["e"]) });
  });
});

describe("highlighted words", () => {
  const h = (id: string, start: string, end: string, removed = false) =>
    ({ id, start_word_id: start, end_word_id: end, removed }) as HighlightDto;

  it("are found per utterance from each highlight's ends, a removed one marking nothing", () => {
    const marks = highlightMarks(doc, [h("h1", "b", "d"), h("h2", "f", "f"), h("h3", "a", "a", true)]);
    expect(Object.fromEntries([...marks.words].map(([u, set]) => [u, [...set]]))).toEqual({ u0: ["b", "c"], u1: ["d"], u2: ["f"] });
    expect(marks.places.get("h1")).toEqual({ utteranceId: "u0", wordIndex: 1, text: "b c d" });
    expect(marks.places.has("h3")).toBe(false);
  });

  it("carry their own mark beside the others, lean or not", () => {
    const words = doc[0]!.transcriptWords.map((w) => ({ ...w }));
    const html = wordsHtml(words, false, "a", new Set(["a", "b"]), new Set(["b"]));
    expect(html).toContain('class="word word--playing word--commented"');
    expect(html).toContain('data-word-id="b" class="word word--commented word--highlighted"');
    expect(html.endsWith(" c")).toBe(true);
  });
});
