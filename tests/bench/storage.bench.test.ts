// Run by `npm run bench` through scripts/bench-storage.mjs (not part of `npm test`):
// what a recorded hour costs in D1 and R2. Transcripts of 1, 3 and 6 hours are stored
// through the real ingest code (as the transcription job stores them), then 500 mixed
// edits go through the API to the 3-hour one. D1 bytes are the database file size D1
// itself reports (`meta.size_after`; dbstat and PRAGMA page_count are not allowed in
// D1); the split into content, history and indexes is estimated from SQLite's record
// format over the rows themselves. Reports, never asserts sizes.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { DEFAULT_EXPORT_OPTIONS, type ExportFormat } from "../../common/exports";
import { renderExport } from "../../worker/exports/render";
import { threeHourExportDocument } from "../support/three-hour";
import { createUser } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import {
  applyEdits,
  describeSplit,
  type Footprints,
  fileBytes,
  footprint as measured,
  kb,
  type Part,
  records,
  type Split,
  split as splitOf,
  sum,
  transcriptOf,
  WORDS_PER_HOUR,
} from "./storage-workload";

/** Transcript tables and which part of the storage they are. */
const PARTS: Record<string, Part> = {
  transcripts: "content",
  speakers: "content",
  utterances: "content",
  edit_operations: "history",
  search_refs: "search",
  search_fts_data: "search",
  search_fts_idx: "search",
  search_fts_docsize: "search",
};
const footprint = () => measured(Object.keys(PARTS));
const split = (before: Footprints, after: Footprints) => splitOf(PARTS, before, after);

it("measures D1 and R2 bytes per recorded hour", { timeout: 600_000 }, async () => {
  const user = await createUser("storage");
  const report: string[] = [];
  const stored: Record<number, { fileId: string }> = {};
  const ingests: Record<number, { fileBytes: number; parts: Split }> = {};

  // 1. Ingest of 1, 3 and 6 hours, each measured on its own.
  for (const hours of [1, 3, 6]) {
    const [bytesBefore, before] = [await fileBytes(), await footprint()];
    const started = performance.now();
    stored[hours] = await storeTranscript(user, transcriptOf(hours));
    const ms = performance.now() - started;
    const [bytesAfter, after] = [await fileBytes(), await footprint()];
    const parts = split(before, after);
    ingests[hours] = { fileBytes: bytesAfter - bytesBefore, parts };
    report.push(
      `ingest ${hours} h (${hours * WORDS_PER_HOUR} words): ${ms.toFixed(0)} ms; D1 file +${kb(bytesAfter - bytesBefore)} = ${kb((bytesAfter - bytesBefore) / hours)} per recorded hour; ` +
        `per hour: ${describeSplit(parts, hours)}`,
    );
  }

  // 1b. Sensitivity, not the budget's figure: the same speech in utterances of 25 words (longer
  // turns), so each row's ids and index entries are shared by more words.
  {
    const [bytesBefore, before] = [await fileBytes(), await footprint()];
    await storeTranscript(user, transcriptOf(3, 25));
    const [bytesAfter, after] = [await fileBytes(), await footprint()];
    report.push(
      `ingest 3 h in utterances of 25 words (sensitivity, not the budget's workload): D1 file ${kb((bytesAfter - bytesBefore) / 3)} per recorded hour; ` +
        `per hour: ${describeSplit(split(before, after), 3)}`,
    );
  }

  // 2. 500 mixed edits through the API on the 3-hour transcript (storage-workload.ts).
  const fileId = stored[3]!.fileId;
  const [bytesBefore, before] = [await fileBytes(), await footprint()];
  const counts = await applyEdits(user, fileId, 500);
  const [bytesAfter, after] = [await fileBytes(), await footprint()];
  const edited = split(before, after);
  const historyRows = after.tables.edit_operations!.rows;
  report.push(
    `500 edits on the 3 h transcript (${Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}; ${historyRows} history rows kept): D1 file +${kb(bytesAfter - bytesBefore)}; ` +
      `records: history +${kb(edited.history.bytes)} (${Math.round(edited.history.bytes / historyRows)} bytes a row), content ${edited.content.bytes >= 0 ? "+" : ""}${kb(edited.content.bytes)}, indexes +${kb(edited.indexes.bytes)}, search index ${edited.search.bytes >= 0 ? "+" : ""}${kb(edited.search.bytes)}`,
  );

  // 3. Per recorded hour with 500 edits' history, as the budget counts it: the 3-hour transcript's ingest plus the edits.
  const ingest3 = ingests[3]!;
  report.push(
    `D1 per recorded hour with 500 edits' history (3 h transcript): file ${kb((ingest3.fileBytes + bytesAfter - bytesBefore) / 3)}, ` +
      `records and index entries ${kb((records(ingest3.parts) + records(edited)) / 3)} (${kb(records(ingest3.parts) / 3)} before the edits)`,
  );

  // 4. History compaction as it stands: only the newest 500 operations are kept (EDIT_LIMITS.historyKept);
  // below that nothing is compacted. Dropping the whole history shows the floor a compaction could reach.
  const total = (f: Footprints) => sum([...Object.values(f.tables), ...Object.values(f.indexes)]).bytes;
  await env.DB.prepare("DELETE FROM edit_operations").run();
  const compacted = await footprint();
  report.push(
    `after history compaction: today's only compaction is the 500-operation cap, so all ${historyRows} operations stay; ` +
      `with the history dropped entirely the records fall from ${kb(total(after))} to ${kb(total(compacted))} ` +
      `(${kb((total(after) - total(compacted)) / 3)} per hour of the edited transcript; the 3 h transcript then costs ${kb((records(ingest3.parts) + edited.content.bytes + edited.indexes.bytes + edited.search.bytes) / 3)} an hour); the D1 file stays ${kb(await fileBytes())} (freed pages are reused, not returned, without VACUUM)`,
  );

  // 5. R2: the upload (bitrates below) plus exports kept, rendered from the 3-hour transcript.
  const audio = [
    ["MP3 128 kbit/s", 128],
    ["M4A/AAC 64 kbit/s", 64],
    ["Opus 32 kbit/s", 32],
    ["WAV 16 kHz mono 16-bit", 256],
    ["WAV 44.1 kHz stereo 16-bit", 1411.2],
  ] as const;
  report.push(
    `R2 audio per recorded hour: ${audio.map(([name, kbps]) => `${name} ${((kbps * 1000 * 3600) / 8 / 1e6).toFixed(1)} MB`).join(", ")}`,
  );
  const doc = threeHourExportDocument();
  const exportSizes: string[] = [];
  for (const format of ["txt", "srt", "vtt", "docx"] as ExportFormat[]) {
    const rendered = await renderExport(format, doc, DEFAULT_EXPORT_OPTIONS, () => Promise.reject(new Error("no fonts needed")));
    exportSizes.push(`${format} ${kb(rendered.bytes.byteLength / 3)}`);
  }
  report.push(`R2 exports per recorded hour (each export kept until it expires): ${exportSizes.join(", ")}`);
  expect(historyRows).toBeGreaterThan(0);
  console.log(
    `\nBENCH storage per recorded hour (${WORDS_PER_HOUR} words an hour, 10 a utterance):\n${report.map((l) => `BENCH   ${l}`).join("\n")}\n`,
  );
});
