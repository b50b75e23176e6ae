// A speech service's words made plain at ingest, for every input: no control character or
// line break, no word over 100 characters, nothing lost but controls and spaces, times in
// order and within the limit; and the plain-text rule edits are refused by.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NAME_MESSAGES, plainTextProblem } from "../../core/plain-text";
import { EDIT_LIMITS, WORD_TEXT_MESSAGES } from "../../core/edit-limits";
import { plainPieces, plainWords } from "../../core/plain-words";

const NOT_PLAIN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const DROPPED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069\s]/gu;

/** Service text: anything, with controls, line breaks, direction controls and long runs mixed in. */
const serviceText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 400 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom("\n", "\r\n", "\t", "\u0000", "\u0007", "\u0085", "\u2028", "\u202E", " ", "😀", "é"),
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 120 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join("")),
);

const time = fc.oneof(fc.double({ min: -10, max: 200_000, noNaN: true }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1));

describe("plain pieces of a service's word", () => {
  it("hold no control, line break or direction control, none is empty or over 100 characters, and no other text is lost", () => {
    fc.assert(
      fc.property(serviceText, (text) => {
        const pieces = plainPieces(text);
        for (const p of pieces) {
          expect(p).not.toMatch(NOT_PLAIN);
          expect(p.length).toBeGreaterThan(0);
          expect(p.length).toBeLessThanOrEqual(EDIT_LIMITS.wordTextMax);
          expect(p).toBe(p.trim());
          // Every piece passes the rule edits are checked by.
          expect(plainTextProblem(p, WORD_TEXT_MESSAGES)).toBeNull();
        }
        expect(pieces.join("").replace(DROPPED, "")).toBe(text.replace(DROPPED, ""));
      }),
      { numRuns: 2000 },
    );
  });

  it("split at a line break, cut a long word at a space or at 100 characters, and never cut a surrogate pair", () => {
    expect(plainPieces("one\ntwo\r\nthree\u2028four")).toEqual(["one", "two", "three", "four"]);
    expect(plainPieces("hel\u0007lo\u202E")).toEqual(["hello"]);
    expect(plainPieces("\u0001 \u0002")).toEqual([]);
    expect(plainPieces("x".repeat(250)).map((p) => p.length)).toEqual([100, 100, 50]);
    expect(plainPieces(`${"a".repeat(60)} ${"b".repeat(60)}`)).toEqual(["a".repeat(60), "b".repeat(60)]);
    const astral = `${"x".repeat(99)}😀${"y".repeat(5)}`;
    expect(plainPieces(astral)).toEqual(["x".repeat(99), `😀${"y".repeat(5)}`]);
  });
});

describe("plain words of a service's utterance", () => {
  it("start in order, end no earlier than they start, stay within [0, limit], and keep each word's text in order", () => {
    const word = fc.record({ text: serviceText, start: time, end: time, confidence: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 20 }), fc.double({ min: 1, max: 172_800, noNaN: true }), (words, limit) => {
        const out = plainWords(words, limit);
        out.forEach((w, i) => {
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeLessThanOrEqual(limit + 1e-9);
          expect(w.end).toBeGreaterThanOrEqual(w.start);
          if (i > 0) expect(w.start).toBeGreaterThanOrEqual(out[i - 1]!.start);
          expect(w.text.length).toBeLessThanOrEqual(EDIT_LIMITS.wordTextMax);
        });
        expect(out.map((w) => w.text)).toEqual(words.flatMap((w) => plainPieces(w.text)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("the plain-text rule", () => {
  it("names what is wrong: a direction control, a line break, another control character", () => {
    expect(plainTextProblem("Ada Lovelace")).toBeNull();
    expect(plainTextProblem("evil\u202Egnp")).toBe(NAME_MESSAGES.bidi);
    for (const c of ["\n", "\r", "\u000B", "\u000C", "\u0085", "\u2028", "\u2029"])
      expect(plainTextProblem(`a${c}b`)).toBe(NAME_MESSAGES.lineBreak);
    for (const c of ["\u0000", "\t", "\u001B", "\u007F", "\u009F"]) expect(plainTextProblem(`a${c}b`)).toBe(NAME_MESSAGES.control);
    expect(plainTextProblem("a\nb", WORD_TEXT_MESSAGES)).toBe(WORD_TEXT_MESSAGES.lineBreak);
  });
});
