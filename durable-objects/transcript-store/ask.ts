// Retrieval for Ask (decision 045): the utterances that best match a question's terms in the
// store's FTS5 index (BM25), each with the utterances around it for context. Only utterances:
// speakers' names, summaries and notes are not passages a citation can open.
import { askMatchExpression, informativeTerms, matchesAsPrefix } from "../../common/ask-retrieval";
import { defaultSpeakerName } from "../../core/details-plans";
import { RECORD_COLUMNS, storeIds, toState, type UtteranceRecord } from "./layout";
import { transcriptKey } from "./operations";

/** An utterance the question matched, with its neighbours' texts ("Name: words"). */
export interface StorePassage {
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

type Row = UtteranceRecord & { transcript: number; file_id: string; name: string | null; position: number };

const SELECT = `SELECT ${RECORD_COLUMNS}, u.transcript, t.file_id, s.name, s.position FROM utterances u
  JOIN speakers s ON s.id = u.speaker JOIN transcripts t ON t.id = u.transcript`;

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
 * those too common to rank by, best first (bm25, then row),
 * in one file when `fileId` is given (404 when it has no transcript here), each with
 * `neighbours` utterances either side.
 */
export function askPassages(
  sql: SqlStorage,
  terms: readonly string[],
  opts: { fileId?: string | undefined; limit: number; neighbours: number },
): StorePassage[] {
  if (opts.fileId !== undefined) transcriptKey(sql, opts.fileId);
  const kept = informativeTerms(termRows(sql, terms));
  if (!kept.length) return [];
  const match = askMatchExpression(kept);
  const ranked = sql
    .exec<{ id: number; score: number }>(
      `WITH h AS MATERIALIZED (SELECT rowid AS id, bm25(search_fts) AS score FROM search_fts WHERE search_fts MATCH ?)
       SELECT h.id, h.score FROM h JOIN utterances u ON u.id = h.id JOIN transcripts t ON t.id = u.transcript
       WHERE h.id > 0 AND (? IS NULL OR t.file_id = ?) ORDER BY h.score, h.id LIMIT ?`,
      match,
      opts.fileId ?? null,
      opts.fileId ?? null,
      opts.limit,
    )
    .toArray();
  const ids = storeIds(sql);
  const line = (row: Row) => {
    const state = toState(ids, row, -1);
    return { state, speaker: row.name ?? defaultSpeakerName(row), text: state.transcriptWords.map((w) => w.text).join(" ") };
  };
  const around = (row: Row, side: "before" | "after") =>
    sql
      .exec<Row>(
        `${SELECT} WHERE u.transcript = ? AND u.order_key ${side === "before" ? "<" : ">"} ?
         ORDER BY u.order_key ${side === "before" ? "DESC" : "ASC"} LIMIT ?`,
        row.transcript,
        row.order_key,
        opts.neighbours,
      )
      .toArray()
      .map((r) => {
        const l = line(r);
        return `${l.speaker}: ${l.text}`;
      });
  return ranked.flatMap(({ id, score }) => {
    const row = sql.exec<Row>(`${SELECT} WHERE u.id = ?`, id).toArray()[0];
    if (!row) return [];
    const { state, speaker, text } = line(row);
    return [
      {
        score,
        file_id: row.file_id,
        utterance_id: state.id,
        start_time: state.startTime,
        end_time: state.endTime,
        speaker,
        text,
        before: opts.neighbours ? around(row, "before").reverse() : [],
        after: opts.neighbours ? around(row, "after") : [],
      },
    ];
  });
}
