import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EditableWord } from "../../core/word-diff";
import { lowConfidenceRuns, plainText, wordsHtml } from "../../web/src/editor/view/word-html";

const word = (id: string, text: string, confidenceScore = 0.95, extra: Partial<EditableWord> = {}): EditableWord => ({
  id,
  text,
  startTime: 0,
  endTime: 0.3,
  position: 0,
  confidenceScore,
  hasEntities: false,
  ...extra,
});

const UNESCAPE: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
/** The text a browser shows for the HTML (no tags, entities decoded). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]!);
const spans = (html: string) => [...html.matchAll(/<span data-word-id="([^"]*)" class="([^"]*)"(?: title="([^"]*)")?>/g)];

const words = [
  word("w1", "so"),
  word("w2", "the", 0.5),
  word("w3", "budget", 0),
  word("w4", "looks", 0.9, { isModified: true }),
  word("w5", "fine"),
  word("w6", "<b>&"),
];

describe("wordsHtml", () => {
  it("draws every word in its span, with its marks and titles, in order", () => {
    const html = wordsHtml(words, true);
    expect(spans(html).map((m) => m[1])).toEqual(["w1", "w2", "w3", "w4", "w5", "w6"]);
    expect(spans(html).map((m) => m[2])).toEqual(["word", "word word--low", "word word--inaudible", "word word--edited", "word", "word"]);
    expect(spans(html).map((m) => m[3])).toEqual([undefined, "Low confidence (50%)", "Inaudible", undefined, undefined, undefined]);
    expect(html).toContain("&lt;b&gt;&amp;</span>");
  });

  it("lean, draws spans only for the words that carry a mark, the playing word included", () => {
    const html = wordsHtml(words, false, "w5");
    expect(spans(html).map((m) => [m[1], m[2]])).toEqual([
      ["w2", "word word--low"],
      ["w3", "word word--inaudible"],
      ["w4", "word word--edited"],
      ["w5", "word word--playing"],
    ]);
    expect(html.startsWith("so <span")).toBe(true);
    expect(html.endsWith("</span> &lt;b&gt;&amp;")).toBe(true);
  });

  it("underlines the words under an open comment, lean or not, with their other marks", () => {
    const commented = new Set(["w1", "w2"]);
    expect(spans(wordsHtml(words, false, null, commented)).map((m) => [m[1], m[2]])).toEqual([
      ["w1", "word word--commented"],
      ["w2", "word word--low word--commented"],
      ["w3", "word word--inaudible"],
      ["w4", "word word--edited"],
    ]);
    expect(spans(wordsHtml(words, true)).some((m) => m[2]!.includes("commented"))).toBe(false);
  });

  it("shows the same text in both forms: the words joined by single spaces", () => {
    const arbitraryWord = fc.record({
      text: fc.string({ minLength: 1, maxLength: 8 }).filter((t) => !/\s/.test(t)),
      confidenceScore: fc.constantFrom(0, 0.4, 0.79, 0.8, 1),
      isModified: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryWord, { maxLength: 12 }), fc.boolean(), (list, allSpans) => {
        const ws = list.map((w, i) => word(`w${i}`, w.text, w.confidenceScore, { isModified: w.isModified }));
        expect(textOf(wordsHtml(ws, allSpans, "w0"))).toBe(ws.map((w) => w.text).join(" "));
      }),
    );
  });
});

describe("plainText", () => {
  it("is the words' text when none carries a mark, else null", () => {
    const plain = [word("a", "so"), word("b", "it's"), word("c", "<fine>")];
    expect(plainText(plain)).toBe("so it's <fine>");
    expect(plainText(plain, "b")).toBeNull();
    expect(plainText([...plain, word("d", "hm", 0.3)])).toBeNull();
    expect(plainText([...plain, word("d", "hm", 0.9, { isNew: true })])).toBeNull();
    expect(plainText([])).toBe("");
    expect(plainText(plain, null, new Set(["c"]))).toBeNull();
  });
});

describe("lowConfidenceRuns", () => {
  it("gives the text and where its low-confidence words are when that is their only mark, else null", () => {
    const low = [word("a", "so"), word("b", "the", 0.5), word("c", "fine"), word("d", "hm", 0.3)];
    expect(lowConfidenceRuns(low)).toEqual({
      text: "so the fine hm",
      low: [
        [3, 6],
        [12, 14],
      ],
    });
    expect(lowConfidenceRuns([word("a", "so")])).toEqual({ text: "so", low: [] });
    expect(lowConfidenceRuns(low, "a")).toBeNull();
    expect(lowConfidenceRuns(low, null, new Set(["b"]))).toBeNull();
    expect(lowConfidenceRuns([...low, word("e", "x", 0)])).toBeNull();
    expect(lowConfidenceRuns([...low, word("e", "x", 0.9, { isModified: true })])).toBeNull();
  });

  it("marks exactly the low-confidence words, in a text the same as the spans' and plain forms", () => {
    const arbitraryWord = fc.record({
      text: fc.string({ minLength: 1, maxLength: 8 }).filter((t) => !/\s/.test(t)),
      confidenceScore: fc.constantFrom(0.4, 0.79, 0.8, 1),
    });
    fc.assert(
      fc.property(fc.array(arbitraryWord, { maxLength: 12 }), (list) => {
        const ws = list.map((w, i) => word(`w${i}`, w.text, w.confidenceScore));
        const runs = lowConfidenceRuns(ws)!;
        expect(runs.text).toBe(textOf(wordsHtml(ws, false)));
        expect(runs.low.map(([start, end]) => runs.text.slice(start, end))).toEqual(
          ws.filter((w) => w.confidenceScore < 0.8).map((w) => w.text),
        );
      }),
    );
  });
});
