// Entry of the export benchmark's child process (bundled by scripts/bench-exports.mjs):
// renders one format of the 3-hour document and prints CPU time, wall time,
// peak memory and size as JSON. One process per run, so the peak is this run's.
import { readFileSync } from "node:fs";
import { DEFAULT_EXPORT_OPTIONS, type ExportFormat } from "../../common/exports";
import { renderExport } from "../../worker/exports/render";
import { threeHourExportDocument } from "../support/three-hour";

const format = process.argv[2] as ExportFormat;
const fonts = {
  regular: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: new Uint8Array(readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};
const doc = threeHourExportDocument();
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
let peak = 0;
// Samples memory between the renderer's awaits (pdf-lib and docx yield while writing).
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.heapUsed + m.external + m.arrayBuffers);
}, 1);
const cpu = process.cpuUsage();
const started = performance.now();
const rendered = await renderExport(format, doc, DEFAULT_EXPORT_OPTIONS, async () => fonts);
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
clearInterval(sampler);
const after = process.memoryUsage();
peak = Math.max(peak, after.heapUsed + after.external + after.arrayBuffers);
const base = before.heapUsed + before.external + before.arrayBuffers;
console.log(
  JSON.stringify({
    format,
    cpuMs: (used.user + used.system) / 1000,
    wallMs,
    peakMb: peak / 2 ** 20,
    addedMb: (peak - base) / 2 ** 20,
    rssMaxMb: process.resourceUsage().maxRSS / 1024,
    bytes: rendered.bytes.byteLength,
  }),
);
