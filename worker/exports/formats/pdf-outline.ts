// A PDF's outline (the bookmarks a reader lists beside the pages): pdf-lib has no API for it, so
// the /Outlines dictionary and its items are built from its low-level objects (PDF 1.7, 12.3.3).
import { PDFHexString, PDFName, type PDFDocument, type PDFPage, type PDFRef } from "@cantoo/pdf-lib";

export interface OutlineEntry {
  title: string;
  page: PDFPage;
  /** Where on the page the entry opens (the top of its heading). */
  y: number;
}

/** One flat level of entries, in order; the reader opens with them shown. Nothing without entries. */
export function addOutline(pdf: PDFDocument, entries: readonly OutlineEntry[]): void {
  if (!entries.length) return;
  const { context } = pdf;
  const root = context.nextRef();
  const refs: PDFRef[] = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    context.assign(
      refs[i]!,
      context.obj({
        Title: PDFHexString.fromText(entry.title),
        Parent: root,
        ...(i > 0 ? { Prev: refs[i - 1]! } : {}),
        ...(i < refs.length - 1 ? { Next: refs[i + 1]! } : {}),
        Dest: [entry.page.ref, "XYZ", null, entry.y, null],
      }),
    );
  });
  context.assign(root, context.obj({ Type: "Outlines", First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  pdf.catalog.set(PDFName.of("Outlines"), root);
  pdf.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}
