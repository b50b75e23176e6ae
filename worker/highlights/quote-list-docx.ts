// The quote list as a DOCX (decision 047). Loaded with the export renderers (worker/lazy.ts), so
// the docx library is read only when someone downloads one.
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { xmlText as clean } from "../exports/formats/xml-text";
import type { QuoteListTexts } from "./quote-list";

export async function quoteListDocx(texts: QuoteListTexts): Promise<Uint8Array<ArrayBuffer>> {
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(clean(texts.title))] })];
  if (!texts.groups.length) children.push(new Paragraph({ children: [new TextRun("No highlights.")] }));
  for (const group of texts.groups) {
    if (group.heading) children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(clean(group.heading))] }));
    for (const quote of group.quotes) {
      children.push(
        new Paragraph({ style: "Quote", children: [new TextRun(clean(quote.text))] }),
        new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: clean(quote.source), color: "5F6673" })] }),
      );
    }
  }
  if (texts.left) children.push(new Paragraph({ children: [new TextRun(texts.left)] }));
  const document = new Document({
    title: clean(texts.title),
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
