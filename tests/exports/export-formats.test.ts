// Every export format renders exactly the edited transcript, in order.
import { readFileSync } from "node:fs";
import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_OPTIONS, exportFilename } from "../../common/exports";
import { renderDocx } from "../../worker/exports/formats/docx";
import { renderPdf, wrapText } from "../../worker/exports/formats/pdf";
import { renderSrt } from "../../worker/exports/formats/srt";
import { renderTxt } from "../../worker/exports/formats/txt";
import { renderVtt } from "../../worker/exports/formats/vtt";
import { exportDocument } from "./export-fixture";

const fonts = {
  regular: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

/** The pieces that must appear, in this order, in every document format. */
const EXPECTED_ORDER = [
  "Team sync (final).mp3",
  "Date: 20 November 2026",
  "Duration: 1:02:05",
  "Speakers",
  "Dr. Ana Łukasiewicz (Host)",
  "Speaker 2",
  "Summary",
  "Summary line one.",
  "Summary line two.",
  "Notes",
  "Remember the milk.",
  "Transcript",
  "Dr. Ana Łukasiewicz",
  "0:00",
  "Welcome to the corrected show about café crème.",
  "Speaker 2",
  "0:05",
  "Καλημέρα σας and Здравствуйте everyone.",
  "First half of a split.",
  "Second half after the split",
  "word39 done.",
];

function expectInOrder(text: string, pieces: string[]) {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    expect(at, `"${piece}" after offset ${from} in:\n${text.slice(from, from + 400)}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: string[] }> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  return { pages };
}

describe("exports", () => {
  it("PDF holds the edited transcript in order, in Greek and Cyrillic too, with page numbers", async () => {
    const bytes = await renderPdf(exportDocument(), DEFAULT_EXPORT_OPTIONS, fonts);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { pages } = await pdfText(bytes);
    const text = pages.join(" ");
    expectInOrder(text, EXPECTED_ORDER);
    // The character the font lacks is drawn as a visible replacement, the rest of the line kept.
    expect(text).toContain("split \uFFFD ends here.");
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    // A speaker with no utterances is not listed.
    expect(text).not.toContain("Unused");
  });

  it("PDF leaves out what the options turn off", async () => {
    const bytes = await renderPdf(
      exportDocument(),
      {
        include_notes: false,
        include_summary: false,
        include_speakers: false,
        include_timestamps: false,
        include_comments: false,
        include_chapters: false,
      },
      fonts,
    );
    const text = (await pdfText(bytes)).pages.join(" ");
    for (const absent of ["Remember the milk.", "Summary line one.", "Łukasiewicz", "0:05"]) expect(text).not.toContain(absent);
    expectInOrder(text, ["Transcript", "Welcome to the corrected show", "Καλημέρα σας"]);
  });

  it("DOCX holds the same text, with Title, Heading and named styles", async () => {
    const bytes = await renderDocx(exportDocument(), DEFAULT_EXPORT_OPTIONS);
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file("word/document.xml")!.async("string");
    const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => ({
      style: /<w:pStyle w:val="([^"]+)"/.exec(p[0])?.[1] ?? null,
      text: [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
    }));
    const text = paragraphs
      .map((p) => p.text)
      .join("\n")
      .replace(/&amp;/g, "&");
    expectInOrder(text, EXPECTED_ORDER);
    expect(paragraphs[0]).toEqual({ style: "Title", text: "Team sync (final).mp3" });
    expect(paragraphs.filter((p) => p.style === "Heading1").map((p) => p.text)).toEqual(["Speakers", "Summary", "Notes", "Transcript"]);
    expect(paragraphs.filter((p) => p.style === "Utterance")).toHaveLength(5);
    const styles = await zip.file("word/styles.xml")!.async("string");
    for (const id of ["Utterance", "SpeakerName", "Timestamp"]) expect(styles).toContain(`w:styleId="${id}"`);
  });

  it("TXT holds the same text in the same order", () => {
    const text = renderTxt(exportDocument(), DEFAULT_EXPORT_OPTIONS);
    expectInOrder(text, EXPECTED_ORDER);
    expect(text).toContain("\nDr. Ana Łukasiewicz [0:00]\nWelcome to the corrected show about café crème.\n");
  });

  it("SRT and VTT carry every word once, in order, with the speakers", () => {
    const doc = exportDocument();
    const allWords = doc.utterances.flatMap((u) => u.words.map((w) => w.text)).join(" ");
    const srt = renderSrt(doc, DEFAULT_EXPORT_OPTIONS);
    const srtCues = srt
      .trim()
      .split(/\n\n/)
      .map((c) => c.split("\n"));
    srtCues.forEach((lines, i) => {
      expect(lines[0]).toBe(String(i + 1));
      expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    });
    const srtText = srtCues
      .map((c) => c.slice(2).join(" "))
      .join(" ")
      .replace(/(Dr\. Ana Łukasiewicz|Speaker 2): /g, "");
    expect(srtText).toBe(allWords);
    expect(srtCues[0]![2]).toMatch(/^Dr\. Ana Łukasiewicz: Welcome/);

    const vtt = renderVtt(doc, DEFAULT_EXPORT_OPTIONS);
    expect(vtt.startsWith("WEBVTT\n\n")).toBe(true);
    const vttCues = vtt
      .slice("WEBVTT\n\n".length)
      .trim()
      .split(/\n\n/)
      .map((c) => c.split("\n"));
    expect(vttCues[0]![0]).toBe("00:00:00.500 --> 00:00:03.620");
    expect(vttCues[0]![1]).toMatch(/^<v Dr\. Ana Łukasiewicz>Welcome/);
    const vttText = vttCues
      .map((c) => c.slice(1).join(" "))
      .join(" ")
      .replace(/<v [^>]+>/g, "");
    expect(vttText).toBe(allWords);
  });

  it("wraps at spaces and breaks only words wider than a line", () => {
    const measure = (t: string) => [...t].length;
    expect(wrapText("aa bb cc dd", 5, measure)).toEqual(["aa bb", "cc dd"]);
    expect(wrapText("abcdefghij k", 4, measure)).toEqual(["abcd", "efgh", "ij k"]);
    expect(wrapText("", 4, measure)).toEqual([""]);
  });

  it("names files safely", () => {
    expect(exportFilename("Team sync (final).mp3", "pdf")).toBe("Team sync (final).pdf");
    expect(exportFilename('../a/b:c*"d".wav', "docx")).toBe("_a_b_c_d_.docx");
    expect(exportFilename("\u202Eevil.mp3", "txt")).toBe("evil.txt");
    expect(exportFilename("...", "srt")).toBe("transcript.srt");
  });
});
