// SRT and VTT stay well formed whatever the stored text (rows written before words and names
// were plain text): a cue's text never holds a line break of its own or a "-->", so no
// player reads part of a word as a new cue or a timing line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_OPTIONS } from "../../common/exports";
import type { ExportDocument } from "../../worker/exports/document";
import { renderSrt } from "../../worker/exports/formats/srt";
import { renderVtt } from "../../worker/exports/formats/vtt";

/** Text that may hold anything: line breaks of every kind, controls, arrows. */
const anyText = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.constantFrom("a", "-", "->", "-->", ">", " ", "\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\v", "\f", "\t", "\u0000"), {
      maxLength: 12,
    })
    .map((parts) => parts.join("")),
);

const documentArb = fc
  .array(fc.record({ speaker: anyText, words: fc.array(anyText, { minLength: 1, maxLength: 8 }) }), { minLength: 1, maxLength: 6 })
  .map((list): ExportDocument => {
    let t = 0;
    return {
      title: "t",
      date: "2026-01-01T00:00:00Z",
      duration: 0,
      speakers: [],
      summary: null,
      notes: null,
      comments: [],
      utterances: list.map(({ speaker, words }) => {
        const timed = words.map((text) => {
          const start = t;
          t += 0.7;
          return { text, start, end: start + 0.5 };
        });
        return { speaker, start: timed[0]!.start, end: t, text: words.join(" "), words: timed };
      }),
    };
  });

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
const TIMING = /^\d{2}:\d{2}:\d{2}[,.]\d{3} --> \d{2}:\d{2}:\d{2}[,.]\d{3}$/;

/** The blocks of a caption file: split at blank lines, each block's lines split at any line break a player might honour. */
const blocks = (text: string) =>
  text
    .split("\n\n")
    .map((block) => block.split(LINE_BREAK))
    // The file's last line ends with a line break.
    .map((lines) => (lines.at(-1) === "" ? lines.slice(0, -1) : lines))
    .filter((lines) => lines.length > 0);

describe("caption files from any stored text", () => {
  it("SRT: every block is a number, a timing line and one or two text lines without a line break or an arrow of their own", () => {
    fc.assert(
      fc.property(documentArb, fc.boolean(), (doc, include_speakers) => {
        const srt = renderSrt(doc, { ...DEFAULT_EXPORT_OPTIONS, include_speakers });
        blocks(srt).forEach((lines, i) => {
          expect(lines[0]).toBe(String(i + 1));
          expect(lines[1]).toMatch(TIMING);
          const text = lines.slice(2);
          expect(text.length).toBeGreaterThanOrEqual(1);
          expect(text.length).toBeLessThanOrEqual(2);
          for (const line of text) {
            expect(line).not.toBe("");
            expect(line).not.toContain("-->");
            expect(line).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it("VTT: after the header, every block is a timing line and one or two text lines without a line break or an arrow of their own", () => {
    fc.assert(
      fc.property(documentArb, fc.boolean(), (doc, include_speakers) => {
        const vtt = renderVtt(doc, { ...DEFAULT_EXPORT_OPTIONS, include_speakers });
        const [header, ...cues] = blocks(vtt);
        expect(header).toEqual(["WEBVTT"]);
        for (const lines of cues) {
          expect(lines[0]).toMatch(TIMING);
          const text = lines.slice(1);
          expect(text.length).toBeGreaterThanOrEqual(1);
          expect(text.length).toBeLessThanOrEqual(2);
          for (const line of text) {
            expect(line).not.toBe("");
            expect(line).not.toContain("-->");
            expect(line).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
