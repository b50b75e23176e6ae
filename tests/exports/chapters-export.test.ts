// Chapters in the exports (decision 046): a `0:00 Title` list at the top and a heading where each
// chapter starts (DOCX Heading 2, PDF with an outline entry, TXT), and the WebVTT chapters track.
import { readFileSync } from "node:fs";
import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import type { ChapterDto } from "../../common/chapters";
import { DEFAULT_EXPORT_OPTIONS } from "../../common/exports";
import { buildExportDocument } from "../../worker/exports/document";
import { renderDocx } from "../../worker/exports/formats/docx";
import { renderPdf } from "../../worker/exports/formats/pdf";
import { renderTxt } from "../../worker/exports/formats/txt";
import { renderVttChapters } from "../../worker/exports/formats/vtt-chapters";
import { speakers, utterances } from "./export-fixture";

const fonts = {
  regular: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

const firstWord = (i: number) => utterances[i]!.transcriptWords[0]!.id;
const CHAPTERS: ChapterDto[] = [
  { id: "c1", title: "Welcome", start_time: 0.5, end_time: 9, summary: "", start_word_id: firstWord(0) },
  { id: "c2", title: "Ένα: the <split> -->", start_time: 9, end_time: 3661, summary: "", start_word_id: firstWord(2) },
  // A word the document does not hold: placed by its time (after every utterance: the last one).
  { id: "c3", title: "Wrap-up", start_time: 3661, end_time: 3725, summary: "", start_word_id: "gone" },
];

const doc = () =>
  buildExportDocument(
    { name: "Team sync (final).mp3", createdAt: "2026-11-20T10:00:00.000Z" },
    { duration: 3725, summary: "Summary line one.", notes: null },
    speakers,
    utterances,
    [],
    CHAPTERS,
  );

const HEADINGS = ["0:00 Welcome", "0:09 Ένα: the <split> -->", "1:01:01 Wrap-up"];

function expectInOrder(text: string, pieces: string[]) {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    expect(at, `"${piece}" after offset ${from} in:\n${text.slice(from, from + 300)}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
}

describe("chapters in exports", () => {
  it("TXT lists them at the top and heads each chapter where it starts; include_chapters off leaves both out", () => {
    const text = renderTxt(doc(), DEFAULT_EXPORT_OPTIONS);
    expect(text).toContain(`\nChapters\n--------\n${HEADINGS.join("\n")}\n`);
    expectInOrder(text, [
      "Chapters",
      "Summary",
      "Transcript",
      `${HEADINGS[0]}\n~`,
      "Welcome to the corrected show",
      `${HEADINGS[1]}\n~`,
      "First half of a split.",
      `${HEADINGS[2]}\n~`,
      "A long turn",
    ]);
    const without = renderTxt(doc(), { ...DEFAULT_EXPORT_OPTIONS, include_chapters: false });
    for (const heading of HEADINGS) expect(without).not.toContain(heading);
  });

  it("DOCX has the list under a Chapters heading and a Heading 2 before the utterance each starts in", async () => {
    const zip = await JSZip.loadAsync(await renderDocx(doc(), DEFAULT_EXPORT_OPTIONS));
    const xml = await zip.file("word/document.xml")!.async("string");
    const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => ({
      style: /<w:pStyle w:val="([^"]+)"/.exec(p[0])?.[1] ?? null,
      text: [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map((t) => t[1])
        .join("")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    }));
    expect(paragraphs.filter((p) => p.style === "Heading1").map((p) => p.text)).toEqual(["Chapters", "Speakers", "Summary", "Transcript"]);
    expect(paragraphs.filter((p) => p.style === "Heading2").map((p) => p.text)).toEqual(HEADINGS);
    const at = (text: string) => paragraphs.findIndex((p) => p.text.includes(text));
    const heading = (text: string) => paragraphs.findIndex((p) => p.style === "Heading2" && p.text === text);
    expect(at("Chapters") + 1).toBe(at("0:00 Welcome"));
    expect(heading(HEADINGS[0]!)).toBeGreaterThan(at("Transcript"));
    expect(heading(HEADINGS[1]!) + 1).toBe(at("First half of a split."));
    expect(heading(HEADINGS[2]!) + 1).toBe(at("A long turn"));
  });

  it("PDF heads each chapter and lists them in its outline, each opening its heading's page", async () => {
    const pdf = await getDocument({
      data: (await renderPdf(doc(), DEFAULT_EXPORT_OPTIONS, fonts)).slice(),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const outline = await pdf.getOutline();
    expect(outline.map((o) => o.title)).toEqual(HEADINGS);
    for (const entry of outline) {
      const dest = entry.dest as unknown[];
      expect(dest[1]).toEqual({ name: "XYZ" });
      const page = await pdf.getPage((await pdf.getPageIndex(dest[0] as never)) + 1);
      const text = (await page.getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
      expect(text).toContain(entry.title);
    }
    // No chapters, no outline.
    const plain = await getDocument({
      data: (await renderPdf(doc(), { ...DEFAULT_EXPORT_OPTIONS, include_chapters: false }, fonts)).slice(),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    expect(await plain.getOutline()).toBeNull();
  });

  it("VTT chapters: one cue per chapter from the start of the media, its title as the text", () => {
    expect(renderVttChapters(doc())).toBe(
      [
        "WEBVTT",
        "",
        "1\n00:00:00.000 --> 00:00:09.000\nWelcome\n",
        "2\n00:00:09.000 --> 01:01:01.000\nΈνα: the &lt;split&gt; -&gt;\n",
        "3\n01:01:01.000 --> 01:02:05.000\nWrap-up\n",
      ].join("\n"),
    );
    expect(renderVttChapters({ ...doc(), chapters: [] })).toBe("WEBVTT\n");
  });
});
