// Library search over the texts the user's store holds: utterances, speakers' names, summaries
// and notes, in one FTS5 index kept by triggers (schema.ts). The Worker merges these
// hits with D1's (file names) and applies what only D1 knows: folders and
// the files' order (worker/search/search.ts).
import { defaultSpeakerName } from "../../core/details-plans";
import { RECORD_COLUMNS, storeIds, toState, type UtteranceRecord } from "./layout";

export interface StoreHit {
  /** The FTS row: an utterance's key, or a negative id for a speaker, summary or notes. */
  id: number;
  score: number;
  kind: "transcript" | "speaker" | "summary" | "notes";
  file_id: string;
  /** The utterance's or speaker's API id (summary and notes: none). */
  ref_id: string | null;
  body: string;
  start_time?: number;
  speaker?: string;
}

const KINDS = { 1: "speaker", 2: "summary", 3: "notes" } as const;

function hitOf(sql: SqlStorage, id: number): Omit<StoreHit, "id" | "score"> | null {
  const ids = storeIds(sql);
  if (id > 0) {
    const row = sql
      .exec<UtteranceRecord & { file_id: string; name: string | null; position: number }>(
        `SELECT ${RECORD_COLUMNS}, t.file_id, s.name, s.position FROM utterances u
         JOIN speakers s ON s.id = u.speaker JOIN transcripts t ON t.id = u.transcript WHERE u.id = ?`,
        id,
      )
      .toArray()[0];
    if (!row) return null;
    const state = toState(ids, row, -1);
    return {
      kind: "transcript",
      file_id: row.file_id,
      ref_id: state.id,
      body: state.transcriptWords.map((w) => w.text).join(" "),
      start_time: state.startTime,
      speaker: row.name ?? defaultSpeakerName(row),
    };
  }
  const n = -id;
  const kind = KINDS[(n % 4) as 1 | 2 | 3];
  const key = (n - (n % 4)) / 4;
  if (kind === "speaker") {
    const row = sql
      .exec<{ id: number; client_id: string | null; name: string; file_id: string }>(
        "SELECT s.id, s.client_id, s.name, t.file_id FROM speakers s JOIN transcripts t ON t.id = s.transcript WHERE s.id = ?",
        key,
      )
      .toArray()[0];
    return row ? { kind, file_id: row.file_id, ref_id: ids.speaker(row.id, row.client_id), body: row.name, speaker: row.name } : null;
  }
  const row = sql
    .exec<{ file_id: string; body: string | null }>(`SELECT file_id, ${kind} AS body FROM transcripts WHERE id = ?`, key)
    .toArray()[0];
  return row?.body ? { kind, file_id: row.file_id, ref_id: null, body: row.body } : null;
}

/**
 * Hits for an FTS5 MATCH expression, most relevant first (bm25, then row), from `minScore` on;
 * with `speaker`, only utterances of a speaker so named and speakers of that name. At most
 * `limit`; `more` when others follow.
 */
export function searchStore(
  sql: SqlStorage,
  match: string,
  opts: { speaker?: string | undefined; minScore: number; limit: number },
): { hits: StoreHit[]; more: boolean } {
  const rows = sql.exec<{ id: number; score: number }>(
    `WITH h AS MATERIALIZED (SELECT rowid AS id, bm25(search_fts) AS score FROM search_fts WHERE search_fts MATCH ?)
     SELECT id, score FROM h WHERE score >= ? ORDER BY score, id`,
    match,
    opts.minScore,
  );
  // As D1's COLLATE NOCASE: ASCII letters only.
  const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const wanted = opts.speaker === undefined ? undefined : fold(opts.speaker);
  const hits: StoreHit[] = [];
  for (const { id, score } of rows) {
    const hit = hitOf(sql, id);
    if (!hit) continue;
    if (wanted !== undefined && (!(hit.kind === "transcript" || hit.kind === "speaker") || fold(hit.speaker ?? "") !== wanted)) continue;
    if (hits.length === opts.limit) return { hits, more: true };
    hits.push({ id, score, ...hit });
  }
  return { hits, more: false };
}
