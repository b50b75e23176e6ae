// Retrieval for Ask (decision 045) over a workspace's index: the utterances that best match a
// question's terms (BM25), each with the utterances around it in its transcript for context.
// Only utterances: speakers' names, summaries and notes are not passages a citation can open.
import { askMatchExpression, informativeTerms, matchesAsPrefix } from "../../common/ask-retrieval";

/** An utterance the question matched, with its neighbours' texts ("Name: words"). */
export interface IndexPassage {
  score: number;
  file_id: string;
  utterance_id: string;
  start_time: number;
  end_time: number;
  speaker: string;
  text: string;
  before: string[];
  after: string[];
}

type Row = {
  id: number;
  file: number;
  file_id: string;
  ref_id: string;
  order_key: string;
  start_time: number;
  end_time: number;
  body: string;
  display: string | null;
};

const SELECT = `SELECT p.id, p.file, f.file_id, p.ref_id, p.order_key, p.start_time, p.end_time, p.body, s.display
  FROM passages p JOIN files f ON f.id = p.file LEFT JOIN speakers s ON s.file = p.file AND s.ref_id = p.speaker`;

/** How many index rows each term is in (a prefix term: every word it begins, added up). */
function termRows(sql: SqlStorage, terms: readonly string[]): { term: string; rows: number }[] {
  return terms.map((term) => {
    const prefix = matchesAsPrefix(term);
    const row = sql
      .exec<{ rows: number | null }>(
        prefix
          ? "SELECT sum(doc) AS rows FROM search_vocab WHERE term >= ? AND term < ? || char(1114111)"
          : "SELECT sum(doc) AS rows FROM search_vocab WHERE term = ?",
        ...(prefix ? [term, term] : [term]),
      )
      .one();
    return { term, rows: row.rows ?? 0 };
  });
}

/**
 * The best `limit` utterance hits for a question's terms (common/ask-retrieval.ts), without
 * those too common to rank by, best first (bm25, then row), in one file when `fileId` is given,
 * each with `neighbours` utterances either side.
 */
export function askPassages(
  sql: SqlStorage,
  terms: readonly string[],
  opts: { fileId?: string | undefined; limit: number; neighbours: number },
): IndexPassage[] {
  const kept = informativeTerms(termRows(sql, terms));
  if (!kept.length) return [];
  const ranked = sql
    .exec<{ id: number; score: number }>(
      `WITH h AS MATERIALIZED (SELECT rowid AS id, bm25(search_fts) AS score FROM search_fts WHERE search_fts MATCH ?)
       SELECT h.id, h.score FROM h JOIN passages p ON p.id = h.id JOIN files f ON f.id = p.file
       WHERE h.id > 0 AND (? IS NULL OR f.file_id = ?) ORDER BY h.score, h.id LIMIT ?`,
      askMatchExpression(kept),
      opts.fileId ?? null,
      opts.fileId ?? null,
      opts.limit,
    )
    .toArray();
  const line = (r: Row) => `${r.display ?? ""}: ${r.body}`;
  const around = (row: Row, side: "before" | "after") =>
    sql
      .exec<Row>(
        `${SELECT} WHERE p.file = ? AND p.order_key ${side === "before" ? "<" : ">"} ?
         ORDER BY p.order_key ${side === "before" ? "DESC" : "ASC"} LIMIT ?`,
        row.file,
        row.order_key,
        opts.neighbours,
      )
      .toArray()
      .map(line);
  return ranked.flatMap(({ id, score }) => {
    const row = sql.exec<Row>(`${SELECT} WHERE p.id = ?`, id).toArray()[0];
    if (!row) return [];
    return [
      {
        score,
        file_id: row.file_id,
        utterance_id: row.ref_id,
        start_time: row.start_time,
        end_time: row.end_time,
        speaker: row.display ?? "",
        text: row.body,
        before: opts.neighbours ? around(row, "before").reverse() : [],
        after: opts.neighbours ? around(row, "after") : [],
      },
    ];
  });
}
