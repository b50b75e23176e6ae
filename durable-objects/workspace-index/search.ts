// Library search over a workspace's index: utterances, speakers' names, summaries and notes in
// one FTS5 index. The Worker merges these hits with D1's (file names) and applies what only D1
// knows: folders and the files' order (worker/search/search.ts).

export interface IndexHit {
  /** The FTS row: an utterance's row, or a negative id for a speaker, summary or notes. */
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

function hitOf(sql: SqlStorage, id: number): Omit<IndexHit, "id" | "score"> | null {
  if (id > 0) {
    const row = sql
      .exec<{ ref_id: string; body: string; start_time: number; file_id: string; display: string | null }>(
        `SELECT p.ref_id, p.body, p.start_time, f.file_id, s.display FROM passages p JOIN files f ON f.id = p.file
         LEFT JOIN speakers s ON s.file = p.file AND s.ref_id = p.speaker WHERE p.id = ?`,
        id,
      )
      .toArray()[0];
    if (!row) return null;
    return {
      kind: "transcript",
      file_id: row.file_id,
      ref_id: row.ref_id,
      body: row.body,
      start_time: row.start_time,
      speaker: row.display ?? "",
    };
  }
  const n = -id;
  const kind = KINDS[(n % 4) as 1 | 2 | 3];
  const key = (n - (n % 4)) / 4;
  if (kind === "speaker") {
    const row = sql
      .exec<{ ref_id: string; display: string; file_id: string }>(
        "SELECT s.ref_id, s.display, f.file_id FROM speakers s JOIN files f ON f.id = s.file WHERE s.id = ?",
        key,
      )
      .toArray()[0];
    return row ? { kind, file_id: row.file_id, ref_id: row.ref_id, body: row.display, speaker: row.display } : null;
  }
  const row = sql
    .exec<{ file_id: string; body: string | null }>(`SELECT file_id, ${kind} AS body FROM files WHERE id = ?`, key)
    .toArray()[0];
  return row?.body ? { kind, file_id: row.file_id, ref_id: null, body: row.body } : null;
}

/**
 * Hits for an FTS5 MATCH expression, most relevant first (bm25, then row), from `minScore` on;
 * with `speaker`, only utterances of a speaker so named and speakers of that name. At most
 * `limit`; `more` when others follow.
 */
export function searchIndex(
  sql: SqlStorage,
  match: string,
  opts: { speaker?: string | undefined; minScore: number; limit: number },
): { hits: IndexHit[]; more: boolean } {
  const rows = sql.exec<{ id: number; score: number }>(
    `WITH h AS MATERIALIZED (SELECT rowid AS id, bm25(search_fts) AS score FROM search_fts WHERE search_fts MATCH ?)
     SELECT id, score FROM h WHERE score >= ? ORDER BY score, id`,
    match,
    opts.minScore,
  );
  // As D1's COLLATE NOCASE: ASCII letters only.
  const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const wanted = opts.speaker === undefined ? undefined : fold(opts.speaker);
  const hits: IndexHit[] = [];
  for (const { id, score } of rows) {
    const hit = hitOf(sql, id);
    if (!hit) continue;
    if (wanted !== undefined && (!(hit.kind === "transcript" || hit.kind === "speaker") || fold(hit.speaker ?? "") !== wanted)) continue;
    if (hits.length === opts.limit) return { hits, more: true };
    hits.push({ id, score, ...hit });
  }
  return { hits, more: false };
}
