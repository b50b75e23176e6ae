import { EXPORT_FORMATS, type ExportFormat, type ExportOptions } from "../../common/exports";
import type { ExportDocument } from "./document";
import { loadExportRenderers } from "../lazy";
import type { PdfFonts } from "./formats/pdf";
import { renderSrt } from "./formats/srt";
import { renderTxt } from "./formats/txt";
import { renderVtt } from "./formats/vtt";
import { renderVttChapters } from "./formats/vtt-chapters";

export interface RenderedExport {
  bytes: Uint8Array;
  contentType: string;
}

/** One export file from a document; fonts and the PDF and DOCX writers are loaded only for their formats. */
export async function renderExport(
  format: ExportFormat,
  doc: ExportDocument,
  options: ExportOptions,
  loadFonts: () => Promise<PdfFonts>,
): Promise<RenderedExport> {
  const contentType = EXPORT_FORMATS[format].contentType;
  const text = (s: string) => ({ bytes: new TextEncoder().encode(s), contentType });
  switch (format) {
    case "pdf":
      return { bytes: await (await loadExportRenderers()).renderPdf(doc, options, await loadFonts()), contentType };
    case "docx":
      return { bytes: await (await loadExportRenderers()).renderDocx(doc, options), contentType };
    case "srt":
      return text(renderSrt(doc, options));
    case "vtt":
      return text(renderVtt(doc, options));
    case "txt":
      return text(renderTxt(doc, options));
    case "vtt_chapters":
      return text(renderVttChapters(doc));
  }
}
