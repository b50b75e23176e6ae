// PDF with pdf-lib (the maintained fork @cantoo/pdf-lib) and an embedded Unicode font (DejaVu Sans: Latin, Greek,
// Cyrillic and more), subset to the glyphs used. Text is wrapped by measured
// word widths; a character the font lacks is drawn as U+FFFD, never a crash.
import fontkit from "@cantoo/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import type { ExportOptions } from "../../../common/exports";
import { bodyLines, noteSubject, type ExportThread } from "../comments";
import { documentBlocks, speakerLabel, type Block, type ExportDocument } from "../document";
import { addOutline, type OutlineEntry } from "./pdf-outline";

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const; // A4
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);

interface Style {
  font: PDFFont;
  size: number;
  color: ReturnType<typeof rgb>;
  lineHeight: number;
  before: number;
}

/** Replaces what the font cannot draw (and control characters) with a visible mark. */
function makeSanitizer(fontBytes: Uint8Array): (text: string) => string {
  const face = fontkit.create(fontBytes);
  // A .ttf holds one face; only a collection (.ttc) lacks the glyph lookup.
  if (!("hasGlyphForCodePoint" in face)) throw new Error("The PDF font is a font collection, not one font");
  const fallback = face.hasGlyphForCodePoint(0xfffd) ? "\uFFFD" : "?";
  const known = new Map<number, boolean>();
  return (text) => {
    let out = "";
    for (const ch of text.replace(/[\t\r\n]+/g, " ")) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
      let ok = known.get(cp);
      if (ok === undefined) {
        ok = face.hasGlyphForCodePoint(cp);
        known.set(cp, ok);
      }
      out += ok ? ch : fallback;
    }
    return out;
  };
}

/** Measures words once: a 3-hour transcript repeats a few thousand words 30,000 times. */
function makeMeasure(font: PDFFont, size: number): (text: string) => number {
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, size);
      cache.set(text, width);
    }
    return width;
  };
}

/** Greedy line breaking at spaces; a word wider than the line is broken between characters. */
export function wrapText(text: string, maxWidth: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  const space = measure(" ");
  let line = "";
  let width = 0;
  for (const word of text.split(" ").filter(Boolean)) {
    let w = measure(word);
    let piece = word;
    if (w > maxWidth) {
      // Flush the current line, then cut the long word into pieces that fit.
      if (line) lines.push(line);
      line = "";
      width = 0;
      let chunk = "";
      for (const ch of word) {
        if (chunk && measure(chunk + ch) > maxWidth) {
          lines.push(chunk);
          chunk = "";
        }
        chunk += ch;
      }
      piece = chunk;
      w = measure(chunk);
    }
    if (line && width + space + w > maxWidth) {
      lines.push(line);
      line = piece;
      width = w;
    } else {
      line = line ? `${line} ${piece}` : piece;
      width = line === piece ? w : width + space + w;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  private readonly measures = new Map<Style, (t: string) => number>();
  /** Where the last chapter heading was drawn (its top), for the outline. */
  lastHeading: { page: PDFPage; y: number } | null = null;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly sanitize: (t: string) => string,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  private measure(style: Style) {
    let m = this.measures.get(style);
    if (!m) {
      m = makeMeasure(style.font, style.size);
      this.measures.set(style, m);
    }
    return m;
  }

  /** Space before a block; a block never starts in the last line of a page. */
  gap(points: number, keepWithNext = 0) {
    this.y -= points;
    if (this.y - keepWithNext < PAGE.margin) this.newPage();
  }

  paragraph(text: string, style: Style, indent = 0) {
    const lines = wrapText(this.sanitize(text), PAGE.width - 2 * PAGE.margin - indent, this.measure(style));
    for (const line of lines) {
      if (this.y - style.lineHeight < PAGE.margin) this.newPage();
      this.y -= style.lineHeight;
      if (line)
        this.page.drawText(line, {
          x: PAGE.margin + indent,
          y: this.y + (style.lineHeight - style.size) / 2,
          size: style.size,
          font: style.font,
          color: style.color,
        });
    }
  }

  /** Where the next line goes: an outline entry points there. */
  here(): { page: PDFPage; y: number } {
    return { page: this.page, y: this.y };
  }

  /** One line of runs in different styles (an utterance's speaker and timestamp). */
  runs(parts: { text: string; style: Style }[]) {
    const height = Math.max(...parts.map((p) => p.style.lineHeight));
    if (this.y - height < PAGE.margin) this.newPage();
    this.y -= height;
    let x = PAGE.margin;
    for (const { text, style } of parts) {
      const clean = this.sanitize(text);
      this.page.drawText(clean, { x, y: this.y + (height - style.size) / 2, size: style.size, font: style.font, color: style.color });
      x += this.measure(style)(clean) + 6;
    }
  }
}

export async function renderPdf(doc: ExportDocument, options: ExportOptions, fonts: PdfFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(doc.title);
  pdf.setProducer("Transcribe");
  pdf.setCreationDate(new Date());
  const [regular, bold] = await Promise.all([pdf.embedFont(fonts.regular, { subset: true }), pdf.embedFont(fonts.bold, { subset: true })]);
  const styles = {
    title: { font: bold, size: 20, color: INK, lineHeight: 26, before: 0 },
    meta: { font: regular, size: 10, color: MUTED, lineHeight: 14, before: 2 },
    heading: { font: bold, size: 14, color: INK, lineHeight: 20, before: 16 },
    chapter: { font: bold, size: 12.5, color: INK, lineHeight: 18, before: 14 },
    body: { font: regular, size: 11, color: INK, lineHeight: 15, before: 4 },
    speaker: { font: bold, size: 10.5, color: INK, lineHeight: 15, before: 10 },
    timestamp: { font: regular, size: 9.5, color: MUTED, lineHeight: 15, before: 0 },
    note: { font: regular, size: 9.5, color: MUTED, lineHeight: 13, before: 3 },
  } satisfies Record<string, Style>;

  const writer = new Writer(pdf, makeSanitizer(fonts.regular));
  const outline: OutlineEntry[] = [];
  for (const block of documentBlocks(doc, options)) {
    drawBlock(writer, block, styles);
    if (block.kind === "chapter") outline.push({ title: `${block.timestamp} ${block.title}`, ...writer.lastHeading! });
  }
  addOutline(pdf, outline);

  const total = writer.pages.length;
  writer.pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${total}`;
    const width = regular.widthOfTextAtSize(label, 9);
    page.drawText(label, { x: (PAGE.width - width) / 2, y: PAGE.margin / 2, size: 9, font: regular, color: MUTED });
  });
  return pdf.save();
}

type Styles = Record<"title" | "meta" | "heading" | "chapter" | "body" | "speaker" | "timestamp" | "note", Style>;

const NOTE_INDENT = 12;
const REPLY_INDENT = 24;

/** A comment thread under its utterance: `[1] On “…” — Name: body`, then its replies indented. */
function drawNote(writer: Writer, thread: ExportThread, s: Styles) {
  const subject = noteSubject(thread);
  const [first, ...rest] = bodyLines(thread.body);
  writer.gap(s.note.before);
  writer.paragraph(
    `[${thread.number}] ${subject.charAt(0).toUpperCase()}${subject.slice(1)} — ${thread.author}: ${first}`,
    s.note,
    NOTE_INDENT,
  );
  for (const line of rest) writer.paragraph(line, s.note, REPLY_INDENT);
  for (const reply of thread.replies) {
    const [head, ...more] = bodyLines(reply.body);
    writer.paragraph(`${reply.author}: ${head}`, s.note, REPLY_INDENT);
    for (const line of more) writer.paragraph(line, s.note, REPLY_INDENT);
  }
}

function drawBlock(writer: Writer, block: Block, s: Styles) {
  switch (block.kind) {
    case "title":
      writer.paragraph(block.text, s.title);
      writer.gap(4);
      return;
    case "meta":
      writer.paragraph(`${block.label}: ${block.text}`, s.meta);
      return;
    case "heading":
      writer.gap(s.heading.before, s.heading.lineHeight * 3);
      writer.paragraph(block.text, s.heading);
      return;
    case "chapter":
      writer.gap(s.chapter.before, s.chapter.lineHeight * 3);
      writer.lastHeading = writer.here();
      writer.paragraph(`${block.timestamp} ${block.title}`, s.chapter);
      return;
    case "speaker":
      writer.gap(s.body.before);
      writer.paragraph(`• ${speakerLabel(block.name, block.role)}`, s.body, 8);
      return;
    case "paragraph":
      writer.gap(s.body.before);
      writer.paragraph(block.text, s.body);
      return;
    case "utterance": {
      const head = [
        ...(block.speaker ? [{ text: block.speaker, style: s.speaker }] : []),
        ...(block.timestamp ? [{ text: block.timestamp, style: s.timestamp }] : []),
      ];
      writer.gap(head.length ? s.speaker.before : s.body.before, s.body.lineHeight * 2);
      if (head.length) writer.runs(head);
      // Note markers after the words, the notes themselves under the paragraph.
      const markers = block.notes.map((t) => ` [${t.number}]`).join("");
      writer.paragraph(block.text + markers, s.body);
      for (const thread of block.notes) drawNote(writer, thread, s);
      return;
    }
  }
}
