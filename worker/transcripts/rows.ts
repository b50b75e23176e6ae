// Utterance rows ↔ utterance states (common/transcript-ops.ts UtteranceState),
// and the SQL that writes a state back. Words live inside their utterance as a
// compact JSON array (stored-words.ts), so one utterance is one row.
import type { WordDto } from "../../common/transcript";
import type { UtteranceState } from "../../common/transcript-ops";
import type { UtteranceRow } from "../db/schema";
import { decodeWords, encodeWords, toStoredWord, toWordDto } from "./stored-words";

/** Raw-SQL column list whose aliases match the drizzle row type (`UtteranceRow`). */
export const UTTERANCE_COLUMNS = `id, transcript_id AS transcriptId, speaker_id AS speakerId, order_key AS orderKey, version,
  start_time AS startTime, end_time AS endTime, confidence_score AS confidenceScore, sentiment,
  sentiment_confidence AS sentimentConfidence, words, edited`;

/** The same columns, positionally, for `.raw()` reads (D1 builds no per-row objects: several times faster on 3,000 rows). */
const RAW_COLUMNS =
  "id, transcript_id, speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words, edited";
export const rawUtteranceColumns = (alias = "") =>
  alias
    ? RAW_COLUMNS.split(", ")
        .map((c) => `${alias}.${c}`)
        .join(", ")
    : RAW_COLUMNS;

export function fromRaw(r: unknown[]): UtteranceRow {
  return {
    id: r[0] as string,
    transcriptId: r[1] as string,
    speakerId: r[2] as string,
    orderKey: r[3] as string,
    version: r[4] as number,
    startTime: r[5] as number,
    endTime: r[6] as number,
    confidenceScore: r[7] as number,
    sentiment: r[8] as string | null,
    sentimentConfidence: r[9] as number | null,
    words: r[10] as string,
    edited: r[11] as number,
  };
}

/** A stored row as the state the editor works on; `position` is the row's index in order. */
export function toUtteranceState(row: UtteranceRow, position: number): UtteranceState {
  const stored = decodeWords(row.words);
  const transcriptWords: WordDto[] = new Array(stored.length);
  for (let i = 0; i < stored.length; i++) transcriptWords[i] = toWordDto(stored[i]!, i);
  return {
    id: row.id,
    speakerId: row.speakerId,
    startTime: row.startTime,
    endTime: row.endTime,
    position,
    confidenceScore: row.confidenceScore,
    sentiment: row.sentiment as UtteranceState["sentiment"],
    sentimentConfidence: row.sentimentConfidence,
    transcriptWords,
    orderKey: row.orderKey,
    version: row.version,
    ...(row.edited ? { edited: true as const } : {}),
  };
}

/** A state as the client sees it: the edited mark is the server's own (decision 017). */
export function publicState<U extends UtteranceState>({ edited: _edited, ...state }: U): Omit<U, "edited"> {
  return state;
}

/** Words as stored (stored-words.ts). */
export function toStoredWords(words: readonly WordDto[]): string {
  return encodeWords(words.map(toStoredWord));
}

export function insertUtterance(db: D1Database, transcriptId: string, u: UtteranceState): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO utterances (id, transcript_id, speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words, edited)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      u.id,
      transcriptId,
      u.speakerId,
      u.orderKey,
      u.version,
      u.startTime,
      u.endTime,
      u.confidenceScore,
      u.sentiment,
      u.sentimentConfidence,
      toStoredWords(u.transcriptWords),
      u.edited ? 1 : 0,
    );
}

/**
 * Writes `after` over the row that holds `before`. Indexed columns (speaker,
 * order key) are only set when they change, so an edit does not rewrite index
 * entries it does not need to.
 */
export function updateUtterance(db: D1Database, transcriptId: string, before: UtteranceState, after: UtteranceState): D1PreparedStatement {
  const sets = [
    "version = ?",
    "start_time = ?",
    "end_time = ?",
    "confidence_score = ?",
    "sentiment = ?",
    "sentiment_confidence = ?",
    "words = ?",
    "edited = ?",
  ];
  const values: unknown[] = [
    after.version,
    after.startTime,
    after.endTime,
    after.confidenceScore,
    after.sentiment,
    after.sentimentConfidence,
    toStoredWords(after.transcriptWords),
    after.edited ? 1 : 0,
  ];
  if (after.speakerId !== before.speakerId) {
    sets.push("speaker_id = ?");
    values.push(after.speakerId);
  }
  if (after.orderKey !== before.orderKey) {
    sets.push("order_key = ?");
    values.push(after.orderKey);
  }
  return db.prepare(`UPDATE utterances SET ${sets.join(", ")} WHERE id = ? AND transcript_id = ?`).bind(...values, after.id, transcriptId);
}

export function deleteUtterance(db: D1Database, transcriptId: string, id: string): D1PreparedStatement {
  return db.prepare("DELETE FROM utterances WHERE id = ? AND transcript_id = ?").bind(id, transcriptId);
}
