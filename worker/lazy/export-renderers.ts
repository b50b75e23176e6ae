// What only a PDF or DOCX needs: pdf-lib, fontkit and docx, with their compression. A module of its
// own, loaded on first use (worker/lazy.ts), so no other request evaluates or even loads it.
export { renderDocx } from "../exports/formats/docx";
export { renderPdf } from "../exports/formats/pdf";
export { quoteListDocx } from "../highlights/quote-list-docx";
