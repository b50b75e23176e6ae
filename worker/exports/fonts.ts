import type { PdfFonts } from "./formats/pdf";

// The PDF fonts ship as static assets (emitted by the SPA build from the
// dejavu-fonts-ttf package), so they are not part of the Worker's bundle.
export const PDF_FONT_PATHS = { regular: "/fonts/DejaVuSans.ttf", bold: "/fonts/DejaVuSans-Bold.ttf" } as const;

const loaded = new WeakMap<Fetcher, Promise<PdfFonts>>();

async function fetchFont(assets: Fetcher, path: string): Promise<Uint8Array> {
  const response = await assets.fetch(new Request(new URL(path, "https://assets.invalid")));
  if (!response.ok) throw new Error(`PDF font ${path} is not available (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Loaded once per isolate (per assets binding); a failed load is tried again next time. */
export function loadPdfFonts(assets: Fetcher): Promise<PdfFonts> {
  let fonts = loaded.get(assets);
  if (!fonts) {
    fonts = Promise.all([fetchFont(assets, PDF_FONT_PATHS.regular), fetchFont(assets, PDF_FONT_PATHS.bold)]).then(
      ([regular, bold]) => ({ regular, bold }),
      (error) => {
        loaded.delete(assets);
        throw error;
      },
    );
    loaded.set(assets, fonts);
  }
  return fonts;
}
