// What the storage benchmarks share: the generated speech, the 500 mixed edits made through
// the API as the editor makes them, and D1's bytes for transcripts (record bytes estimated from
// SQLite's record format over the rows themselves).
import { env } from "cloudflare:workers";
import { newId } from "../../common/ids";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { generatedTranscript } from "../support/three-hour";
import { call, type Json } from "../worker/helpers";
import { expectStatus, type TestUser } from "../worker/library-helpers";

// The generator of tests/support/three-hour.ts, for any length: 10,000 words an hour
// (≈ 167 words a minute, brisk speech), 10 words an utterance, three speakers.
export const WORDS_PER_HOUR = 10_000;
export const VOCABULARY = ["the", "meeting", "budget", "we", "should", "consider", "quarterly", "results,", "and", "then", "move", "on."];
/** `hours` of the benchmarks' generated speech (tests/support/three-hour.ts), `perUtterance` words an utterance. */
export const transcriptOf = (hours: number, perUtterance = 10): NormalizedTranscript =>
  generatedTranscript((hours * WORDS_PER_HOUR) / perUtterance, perUtterance, VOCABULARY);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** SQLite's stored size of one value: 8-byte reals, 1–8-byte integers, text/blob bytes, plus a header byte. */
const valueBytes = (col: string) =>
  `(1 + CASE typeof("${col}") WHEN 'null' THEN 0 WHEN 'real' THEN 8 WHEN 'integer' THEN ` +
  `(CASE WHEN abs("${col}") < 128 THEN 1 WHEN abs("${col}") < 32768 THEN 2 WHEN abs("${col}") < 8388608 THEN 3 WHEN abs("${col}") < 2147483648 THEN 4 ELSE 8 END) ` +
  `ELSE length(CAST("${col}" AS BLOB)) END)`;
// Per row or index entry: cell pointer, payload-size and rowid varints.
const CELL_OVERHEAD = 6;

/** The column names a CREATE TABLE statement declares (its definitions split at top-level commas). */
function tableColumns(sql: string): string[] {
  const body = sql.slice(sql.indexOf("(") + 1, sql.lastIndexOf(")"));
  const definitions: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of body) {
    if (ch === "," && depth === 0) {
      definitions.push(current);
      current = "";
      continue;
    }
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    current += ch;
  }
  definitions.push(current);
  return definitions
    .map((d) => /^\s*[`"]?(\w+)[`"]?/.exec(d)?.[1] ?? "")
    .filter((name) => name && !/^(PRIMARY|UNIQUE|CHECK|FOREIGN|CONSTRAINT)$/i.test(name));
}

/** The named tables' record bytes and their indexes' key bytes (D1 allows neither dbstat nor page counts). */
async function recordBytes(tables: readonly string[]): Promise<number> {
  const schema = (
    await env.DB.prepare(
      `SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master WHERE tbl_name IN (${tables.map(() => "?").join(", ")})`,
    )
      .bind(...tables)
      .all<{ type: string; name: string; tbl: string; sql: string | null }>()
  ).results;
  const measure = async (table: string, columns: string[], where = "") => {
    const row = await env.DB.prepare(
      `SELECT count(*) AS rows, coalesce(sum(${columns.map(valueBytes).join(" + ")}), 0) AS bytes FROM "${table}" ${where}`,
    ).first<{ rows: number; bytes: number }>();
    return row!.bytes + row!.rows * CELL_OVERHEAD;
  };
  let bytes = 0;
  for (const table of tables) {
    const tableSql = schema.find((s) => s.type === "table" && s.name === table)!.sql!;
    bytes += await measure(table, tableColumns(tableSql));
    for (const index of schema.filter((s) => s.type === "index" && s.tbl === table)) {
      // An index entry holds its key columns and the rowid; an automatic index (sql NULL) is the table's PRIMARY KEY.
      const key = index.sql
        ? /\(([^)]*)\)\s*(WHERE .*)?$/s.exec(index.sql)![1]!
        : (/PRIMARY KEY\s*\(([^)]*)\)/i.exec(tableSql)?.[1] ?? /(\w+)\s+\w+\s+PRIMARY KEY/i.exec(tableSql)![1]!);
      const partial = index.sql ? /\)\s*(WHERE .*)$/s.exec(index.sql)?.[1] : undefined;
      bytes += await measure(
        table,
        key.split(",").map((c) => c.trim().split(/\s+/)[0]!),
        partial ?? "",
      );
    }
  }
  return bytes;
}

/**
 * `count` mixed edits through the API, in cycles of ten: five word edits, a split, the merge
 * that joins it back, a speaker change, an undo and a redo. Each carries an Idempotency-Key
 * and a split a new utterance id, made as the editor makes them. Returns how many of each kind.
 */
export async function applyEdits(user: TestUser, fileId: string, count: number): Promise<Record<string, number>> {
  const token = { token: user.token };
  const edit = () => ({ token: user.token, headers: { "Idempotency-Key": newId() } });
  const list: Json[] = expectStatus(await call("GET", `/transcripts/${fileId}/utterances`, undefined, token), 200).data.data;
  const speakers = [...new Set(list.map((u) => u.speakerId))];
  const counts: Record<string, number> = {};
  let edits = 0;
  for (let cycle = 0; edits < count; cycle++) {
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
      if (edits >= count) break;
      expectStatus(await run(), 200);
      counts[kind] = (counts[kind] ?? 0) + 1;
      edits++;
    }
  }
  return counts;
}

/** D1's records and index entries for transcripts: the header rows, and the search index (file names only). */
export const d1Bytes = () => recordBytes(["transcripts", "search_refs"]);
