// A file's highlights as a quote list (decision 047): each quote with who said it, when (h:mm:ss)
// and in which file, grouped by label (or one label's only), in text order. Highlights whose
// words were all deleted are left out: the quote is no longer in the transcript. Small enough to
// build while the request waits; at most HIGHLIGHT_LIMITS.exportMax quotes, the rest named.
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { EXPORT_FORMATS, exportFilename } from "../../common/exports";
import { clockTime, HIGHLIGHT_LIMITS, type HighlightDto, type QuoteListFormat } from "../../common/highlights";
import { xmlText as clean } from "../exports/formats/xml-text";

export interface QuoteList {
  fileName: string;
  /** The one label asked for, if any. */
  label: string | undefined;
  groups: { label: string; quotes: HighlightDto[] }[];
  /** Highlights past the cap, not listed. */
  left: number;
}

export function quoteList(fileName: string, label: string | undefined, highlights: readonly HighlightDto[]): QuoteList {
  const present = highlights.filter((h) => !h.removed);
  const listed = present.slice(0, HIGHLIGHT_LIMITS.exportMax);
  const groups = new Map<string, HighlightDto[]>();
  for (const h of listed) groups.set(h.label, [...(groups.get(h.label) ?? []), h]);
  return { fileName, label, groups: [...groups].map(([label, quotes]) => ({ label, quotes })), left: present.length - listed.length };
}

const titleOf = (list: QuoteList) => (list.label ? `“${list.label}” highlights: ${list.fileName}` : `Highlights: ${list.fileName}`);
/** Who, when and where, after the quote. */
const sourceOf = (h: HighlightDto, fileName: string) => `${h.speaker}, ${clockTime(h.start_time)}, ${fileName}`;
const leftOf = (left: number) => `${left.toLocaleString("en")} more not listed: export one label at a time.`;

export function quoteListTxt(list: QuoteList): string {
  const title = titleOf(list);
  const out = [title, "=".repeat(Math.min(80, [...title].length))];
  if (!list.groups.length) out.push("", "No highlights.");
  for (const group of list.groups) {
    if (!list.label) out.push("", group.label, "-".repeat([...group.label].length));
    for (const h of group.quotes) out.push("", `“${h.text}”`, `— ${sourceOf(h, list.fileName)}`);
  }
  if (list.left > 0) out.push("", leftOf(list.left));
  return `${out.join("\n")}\n`;
}

export async function quoteListDocx(list: QuoteList): Promise<Uint8Array<ArrayBuffer>> {
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(clean(titleOf(list)))] })];
  if (!list.groups.length) children.push(new Paragraph({ children: [new TextRun("No highlights.")] }));
  for (const group of list.groups) {
    if (!list.label) children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(clean(group.label))] }));
    for (const h of group.quotes) {
      children.push(
        new Paragraph({ style: "Quote", children: [new TextRun(clean(`“${h.text}”`))] }),
        new Paragraph({
          alignment: AlignmentType.RIGHT,
          children: [new TextRun({ text: clean(`— ${sourceOf(h, list.fileName)}`), color: "5F6673" })],
        }),
      );
    }
  }
  if (list.left > 0) children.push(new Paragraph({ children: [new TextRun(leftOf(list.left))] }));
  const document = new Document({
    title: clean(titleOf(list)),
    creator: "Transcribe",
    styles: {
      default: { document: { run: { font: "Calibri", size: 22 } } },
      paragraphStyles: [
        {
          id: "Quote",
          name: "Quote",
          basedOn: "Normal",
          quickFormat: true,
          run: { italics: true },
          paragraph: { spacing: { before: 200, after: 40 }, indent: { left: 360 } },
        },
      ],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}

/** The download's name and type: "<recording> - highlights.txt". */
export function quoteListFile(fileName: string, format: QuoteListFormat) {
  return {
    filename: exportFilename(fileName, format).replace(/\.(\w+)$/, " - highlights.$1"),
    contentType: EXPORT_FORMATS[format].contentType,
  };
}
