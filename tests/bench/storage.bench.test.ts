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
import { newId } from "../../common/ids";
import { renderExport } from "../../worker/exports/render";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { call, type Json } from "../worker/helpers";
import { createUser, expectStatus } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import { generatedTranscript, threeHourExportDocument } from "../support/three-hour";

/** Transcript tables and which part of the storage they are. */
const PARTS = {
  transcripts: "content",
  speakers: "content",
  utterances: "content",
  edit_operations: "history",
  search_refs: "search",
  search_fts_data: "search",
  search_fts_idx: "search",
  search_fts_docsize: "search",
} as const;
type Table = keyof typeof PARTS;
const TABLES = Object.keys(PARTS) as Table[];
/** FTS5's shadow tables are declared on one line, which the column parser below does not read. */
const SHADOW_COLUMNS: Partial<Record<Table, string[]>> = {
  search_fts_data: ["id", "block"],
  search_fts_idx: ["segid", "term", "pgno"],
  search_fts_docsize: ["id", "sz"],
};

// The generator of tests/support/three-hour.ts, for any length: 10,000 words an hour
// (≈ 167 words a minute, brisk speech), 10 words an utterance, three speakers.
const WORDS_PER_HOUR = 10_000;
const VOCABULARY = ["the", "meeting", "budget", "we", "should", "consider", "quarterly", "results,", "and", "then", "move", "on."];
/** `hours` of the benchmarks' generated speech (tests/support/three-hour.ts), 10 words an utterance. */
const transcriptOf = (hours: number): NormalizedTranscript => generatedTranscript((hours * WORDS_PER_HOUR) / 10, 10, VOCABULARY);

/** The database file's size as D1 reports it after a statement. */
const fileBytes = async () => (await env.DB.prepare("SELECT 1").run()).meta.size_after;

/** SQLite's stored size of one value: 8-byte reals, 1–8-byte integers, text/blob bytes, plus a header byte. */
const valueBytes = (col: string) =>
  `(1 + CASE typeof("${col}") WHEN 'null' THEN 0 WHEN 'real' THEN 8 WHEN 'integer' THEN ` +
  `(CASE WHEN abs("${col}") < 128 THEN 1 WHEN abs("${col}") < 32768 THEN 2 WHEN abs("${col}") < 8388608 THEN 3 WHEN abs("${col}") < 2147483648 THEN 4 ELSE 8 END) ` +
  `ELSE length(CAST("${col}" AS BLOB)) END)`;
// Per row or index entry: cell pointer, payload-size and rowid varints.
const CELL_OVERHEAD = 6;

interface Footprint {
  rows: number;
  bytes: number;
}

/** Each transcript table's rows and record bytes, and each index's entries and key bytes. */
async function footprint(): Promise<{ tables: Record<Table, Footprint>; indexes: Record<string, Footprint> }> {
  const schema = (
    await env.DB.prepare(
      `SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE tbl_name IN (${TABLES.map(() => "?").join(", ")})`,
    )
      .bind(...TABLES)
      .all<{ type: string; name: string; tbl: Table; sql: string | null }>()
  ).results;
  const columnsOf = (table: Table) => {
    if (SHADOW_COLUMNS[table]) return SHADOW_COLUMNS[table];
    const sql = schema.find((s) => s.type === "table" && s.name === table)!.sql!;
    return [...sql.matchAll(/^\s*"?(\w+)"?\s+(TEXT|INTEGER|REAL|BLOB)/gim)].map((m) => m[1]!);
  };
  const measure = async (table: Table, columns: string[]): Promise<Footprint> => {
    const row = await env.DB.prepare(
      `SELECT count(*) AS rows, coalesce(sum(${columns.map(valueBytes).join(" + ")}), 0) AS bytes FROM "${table}"`,
    ).first<Footprint>();
    return { rows: row!.rows, bytes: row!.bytes + row!.rows * CELL_OVERHEAD };
  };
  const tables = {} as Record<Table, Footprint>;
  const indexes: Record<string, Footprint> = {};
  for (const table of TABLES) {
    tables[table] = await measure(table, columnsOf(table));
    // FTS5's idx table is WITHOUT ROWID: its primary key is the table itself, measured above.
    for (const index of schema.filter((s) => s.type === "index" && s.tbl === table && !SHADOW_COLUMNS[table])) {
      // An index entry holds its key columns and the rowid; an automatic index (sql NULL) is the table's PRIMARY KEY.
      const source = index.sql ?? schema.find((s) => s.name === table)!.sql!;
      const key = index.sql
        ? /\(([^)]*)\)\s*$/.exec(source)![1]!
        : (/PRIMARY KEY\s*\(([^)]*)\)/i.exec(source)?.[1] ?? /(\w+)\s+\w+\s+PRIMARY KEY/i.exec(source)![1]!);
      const columns = key.split(",").map((c) => c.trim().split(/\s+/)[0]!);
      indexes[index.name] = await measure(table, columns);
    }
  }
  return { tables, indexes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const sum = (xs: Footprint[]) => xs.reduce((a, f) => ({ rows: a.rows + f.rows, bytes: a.bytes + f.bytes }), { rows: 0, bytes: 0 });

/** Content, history and index parts between two footprints. */
function split(before: Awaited<ReturnType<typeof footprint>>, after: Awaited<ReturnType<typeof footprint>>) {
  const delta = (a: Footprint, b: Footprint | undefined) => ({ rows: a.rows - (b?.rows ?? 0), bytes: a.bytes - (b?.bytes ?? 0) });
  const part = (p: "content" | "history" | "search") =>
    sum(TABLES.filter((t) => PARTS[t] === p).map((t) => delta(after.tables[t], before.tables[t])));
  const indexes = sum(Object.entries(after.indexes).map(([name, f]) => delta(f, before.indexes[name])));
  return { content: part("content"), history: part("history"), search: part("search"), indexes };
}

const describeSplit = (s: ReturnType<typeof split>, per: number) =>
  `content ${kb(s.content.bytes / per)} in ${Math.round(s.content.rows / per)} rows, history ${kb(s.history.bytes / per)} in ${Math.round(s.history.rows / per)} rows, ` +
  `indexes ${kb(s.indexes.bytes / per)} in ${Math.round(s.indexes.rows / per)} entries, ` +
  `search index ${kb(s.search.bytes / per)} in ${Math.round(s.search.rows / per)} rows`;

it("measures D1 and R2 bytes per recorded hour", { timeout: 600_000 }, async () => {
  const user = await createUser("storage");
  const report: string[] = [];
  const stored: Record<number, { fileId: string }> = {};
  const ingests: Record<number, { fileBytes: number; parts: ReturnType<typeof split> }> = {};

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
    await storeTranscript(user, generatedTranscript((3 * WORDS_PER_HOUR) / 25, 25, VOCABULARY));
    const [bytesAfter, after] = [await fileBytes(), await footprint()];
    report.push(
      `ingest 3 h in utterances of 25 words (sensitivity, not the budget's workload): D1 file ${kb((bytesAfter - bytesBefore) / 3)} per recorded hour; ` +
        `per hour: ${describeSplit(split(before, after), 3)}`,
    );
  }

  // 2. 500 mixed edits through the API on the 3-hour transcript, in cycles of ten:
  // five word edits, a split, the merge that joins it back, a speaker change, an undo and a redo.
  // Each edit carries an Idempotency-Key and a split a new utterance id, made as the editor makes them.
  const fileId = stored[3]!.fileId;
  const token = { token: user.token };
  const edit = () => ({ token: user.token, headers: { "Idempotency-Key": newId() } });
  const list: Json[] = expectStatus(await call("GET", `/transcripts/${fileId}/utterances`, undefined, token), 200).data.data;
  const speakers = [...new Set(list.map((u) => u.speakerId))];
  const [bytesBefore, before] = [await fileBytes(), await footprint()];
  const counts: Record<string, number> = {};
  let edits = 0;
  for (let cycle = 0; edits < 500; cycle++) {
    const u = list[(cycle * 61) % list.length]!;
    const path = `/transcripts/${fileId}/utterances/${u.id}`;
    const wordEdit = (n: number) => () =>
      call(
        "PATCH",
        `${path}/update_words`,
        {
          words: u.transcriptWords.map((w: Json, k: number) =>
            k === n ? { id: w.id, text: `${w.text}-${cycle}`, end_time: w.endTime, confidence_score: 1 } : { id: w.id },
          ),
        },
        edit(),
      );
    const steps: [string, () => ReturnType<typeof call>][] = [
      ["update_words", wordEdit(1)],
      ["update_words", wordEdit(2)],
      ["split", () => call("POST", `${path}/split`, { first_word_id: u.transcriptWords[5].id, new_utterance_id: newId() }, edit())],
      ["merge", () => call("POST", `${path}/merge`, {}, edit())],
      ["update_words", wordEdit(3)],
      ["set_speaker", () => call("PUT", path, { speaker_id: speakers.find((s) => s !== u.speakerId) }, edit())],
      ["undo", () => call("POST", `/transcripts/${fileId}/edit-history/undo`, undefined, token)],
      ["redo", () => call("POST", `/transcripts/${fileId}/edit-history/redo`, undefined, token)],
      ["update_words", wordEdit(4)],
      ["update_words", wordEdit(6)],
    ];
    for (const [kind, run] of steps) {
      expectStatus(await run(), 200);
      counts[kind] = (counts[kind] ?? 0) + 1;
      edits++;
    }
  }
  const [bytesAfter, after] = [await fileBytes(), await footprint()];
  const edited = split(before, after);
  const historyRows = after.tables.edit_operations.rows;
  report.push(
    `500 edits on the 3 h transcript (${Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}; ${historyRows} history rows kept): D1 file +${kb(bytesAfter - bytesBefore)}; ` +
      `records: history +${kb(edited.history.bytes)} (${kb(edited.history.bytes / historyRows)} a row), content ${edited.content.bytes >= 0 ? "+" : ""}${kb(edited.content.bytes)}, indexes +${kb(edited.indexes.bytes)}, search index ${edited.search.bytes >= 0 ? "+" : ""}${kb(edited.search.bytes)}`,
  );

  // 3. Per recorded hour with 500 edits' history, as the budget counts it: the 3-hour transcript's ingest plus the edits.
  const ingest3 = ingests[3]!;
  const records = (s: ReturnType<typeof split>) => s.content.bytes + s.history.bytes + s.indexes.bytes + s.search.bytes;
  report.push(
    `D1 per recorded hour with 500 edits' history (3 h transcript): file ${kb((ingest3.fileBytes + bytesAfter - bytesBefore) / 3)}, ` +
      `records and index entries ${kb((records(ingest3.parts) + records(edited)) / 3)} (${kb(records(ingest3.parts) / 3)} before the edits)`,
  );

  // 4. History compaction as it stands: only the newest 500 operations are kept (EDIT_LIMITS.historyKept);
  // below that nothing is compacted. Dropping the whole history shows the floor a compaction could reach.
  const total = (f: Awaited<ReturnType<typeof footprint>>) => sum([...Object.values(f.tables), ...Object.values(f.indexes)]).bytes;
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
