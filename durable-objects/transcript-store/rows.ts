// Utterance and speaker rows of the user's store, found and written by their API ids: an id
// this store derived (n12, s3) names the row with that key, any other id is a client's and
// lives in `client_id` (layout.ts). Every function runs inside the caller's transaction.
import type { SpeakerState, UtteranceState } from "../../core/change";
import { ID_BASE_LENGTH, toStoredWord } from "../../core/stored-words";
import {
  decodeStoreWords,
  encodeStoreWords,
  looksDerived,
  RECORD_COLUMNS,
  storedFields,
  storeIds,
  toState,
  type UtteranceRecord,
} from "./layout";

const derivedKey = (sql: SqlStorage, id: string, kind: "n" | "s") => storeIds(sql).key(id, kind);

/** Whether a client may give a new row this id: not one this store derives, and not in use anywhere in it. */
export function idFree(sql: SqlStorage, id: string): boolean {
  if (looksDerived(id)) return false;
  return (
    // A re-transcription's sides count: undoing it brings their rows back under their ids.
    sql
      .exec(
        `SELECT 1 FROM utterances WHERE client_id = ?1 UNION ALL SELECT 1 FROM speakers WHERE client_id = ?1
         UNION ALL SELECT 1 FROM snapshot_utterances WHERE client_id = ?1 UNION ALL SELECT 1 FROM snapshot_speakers WHERE client_id = ?1`,
        id,
      )
      .toArray().length === 0
  );
}

/**
 * Whether an utterance of the transcript other than the one with key `except` holds a word with
 * this id. Only rows whose stored text could name it are decoded (stored-words.ts): those holding
 * the id itself, or the base of a run of numbered ids it may belong to, and the row whose key
 * derives that base (layout.ts).
 */
export function wordIdInUse(sql: SqlStorage, transcript: number, id: string, except: number): boolean {
  const base = id.length > ID_BASE_LENGTH && /^[0-9a-z]+$/.test(id.slice(ID_BASE_LENGTH)) ? id.slice(0, ID_BASE_LENGTH) : id;
  // As JSON writes them inside the stored text; the id's own text holds its base's unless an escape splits them.
  const needles = [...new Set([JSON.stringify(base).slice(1, -1), JSON.stringify(id).slice(1, -1)])];
  if (needles.length === 2 && needles[1]!.startsWith(needles[0]!)) needles.pop();
  const rows = sql.exec<{ id: number; words: string }>(
    `SELECT id, words FROM utterances WHERE transcript = ? AND id <> ? AND (id = ? OR ${needles.map(() => "instr(words, ?) > 0").join(" OR ")})`,
    transcript,
    except,
    /^[0-9a-z]{8}$/.test(base) ? Number.parseInt(base, 36) : -1,
    ...needles,
  );
  for (const row of rows) if (decodeStoreWords(row.id, row.words).some((w) => w.id === id)) return true;
  return false;
}

/** Where an utterance id lives: its key and transcript, or null. */
export function locateUtterance(sql: SqlStorage, id: string): { key: number; transcript: number } | null {
  const key = derivedKey(sql, id, "n");
  const row =
    key === null
      ? sql.exec<{ id: number; transcript: number }>("SELECT id, transcript FROM utterances WHERE client_id = ?", id).toArray()[0]
      : sql.exec<{ id: number; transcript: number }>("SELECT id, transcript FROM utterances WHERE id = ?", key).toArray()[0];
  return row ? { key: row.id, transcript: row.transcript } : null;
}

export function speakerKey(sql: SqlStorage, transcript: number, id: string): number | null {
  const key = derivedKey(sql, id, "s");
  const row =
    key === null
      ? sql.exec<{ id: number }>("SELECT id FROM speakers WHERE client_id = ? AND transcript = ?", id, transcript).toArray()[0]
      : sql.exec<{ id: number }>("SELECT id FROM speakers WHERE id = ? AND transcript = ?", key, transcript).toArray()[0];
  return row?.id ?? null;
}

const position = (sql: SqlStorage, transcript: number, orderKey: string) =>
  sql.exec<{ n: number }>("SELECT count(*) AS n FROM utterances WHERE transcript = ? AND order_key < ?", transcript, orderKey).one().n;

/** The row with this key as a state, with its position when asked (else -1). */
export function stateOfKey(sql: SqlStorage, transcript: number, key: number, withPosition: boolean): UtteranceState | null {
  const row = sql
    .exec<UtteranceRecord>(
      `SELECT ${RECORD_COLUMNS} FROM utterances u JOIN speakers s ON s.id = u.speaker WHERE u.id = ? AND u.transcript = ?`,
      key,
      transcript,
    )
    .toArray()[0];
  return row ? toState(storeIds(sql), row, withPosition ? position(sql, transcript, row.order_key) : -1) : null;
}

/** The transcript's utterances among `ids`, by id (positions when asked). */
export function statesById(sql: SqlStorage, transcript: number, ids: readonly string[], withPosition = false): Map<string, UtteranceState> {
  const out = new Map<string, UtteranceState>();
  for (const id of new Set(ids)) {
    const at = locateUtterance(sql, id);
    const state = at && at.transcript === transcript ? stateOfKey(sql, transcript, at.key, withPosition) : null;
    if (state) out.set(id, state);
  }
  return out;
}

/** The utterance right after the one with this order key, if any. */
export function stateAfter(sql: SqlStorage, transcript: number, orderKey: string, itsPosition: number): UtteranceState | null {
  const row = sql
    .exec<UtteranceRecord>(
      `SELECT ${RECORD_COLUMNS} FROM utterances u JOIN speakers s ON s.id = u.speaker
       WHERE u.transcript = ? AND u.order_key > ? ORDER BY u.order_key LIMIT 1`,
      transcript,
      orderKey,
    )
    .toArray()[0];
  return row ? toState(storeIds(sql), row, itsPosition + 1) : null;
}

export const positionOf = position;

/** Counts the rows each write touches, as D1 reports rows_written. */
export class Writes {
  rows = 0;
  constructor(readonly sql: SqlStorage) {}
  exec(query: string, ...values: SqlStorageValue[]): void {
    this.rows += this.sql.exec(query, ...values).rowsWritten;
  }
}

function speakerKeyOrFail(sql: SqlStorage, transcript: number, id: string): number {
  const key = speakerKey(sql, transcript, id);
  if (key === null) throw new Error(`Speaker ${id} is not in this transcript`);
  return key;
}

function rowValues(key: number, u: UtteranceState) {
  const words = u.transcriptWords.map(toStoredWord);
  return { words: encodeStoreWords(key, words), ...storedFields(words, u.startTime, u.endTime, u.confidenceScore) };
}

/** The key a new row with this id takes: its own for an id this store derived (an undone removal), else the next. */
function newKey(sql: SqlStorage, id: string): number {
  const own = derivedKey(sql, id, "n");
  if (own !== null) return own;
  const row = sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'utterances'").toArray()[0];
  return (row?.seq ?? 0) + 1;
}

export function insertUtterance(w: Writes, sql: SqlStorage, transcript: number, u: UtteranceState): void {
  const key = newKey(sql, u.id);
  const v = rowValues(key, u);
  w.exec(
    `INSERT INTO utterances (id, transcript, client_id, speaker, order_key, version, start_time, end_time, confidence_score,
      sentiment, sentiment_confidence, edited, words) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    key,
    transcript,
    derivedKey(sql, u.id, "n") === null ? u.id : null,
    speakerKeyOrFail(sql, transcript, u.speakerId),
    u.orderKey,
    u.version,
    v.start,
    v.end,
    v.confidence,
    u.sentiment,
    u.sentimentConfidence,
    u.edited ? 1 : 0,
    v.words,
  );
}

/** Writes `after` over the row; the indexed columns (speaker, order key) only when they change, as in D1 (rows.ts). */
export function updateUtterance(
  w: Writes,
  sql: SqlStorage,
  transcript: number,
  key: number,
  before: UtteranceState,
  after: UtteranceState,
): void {
  const v = rowValues(key, after);
  const sets = [
    "version = ?",
    "start_time = ?",
    "end_time = ?",
    "confidence_score = ?",
    "sentiment = ?",
    "sentiment_confidence = ?",
    "edited = ?",
    "words = ?",
  ];
  const values: SqlStorageValue[] = [
    after.version,
    v.start,
    v.end,
    v.confidence,
    after.sentiment,
    after.sentimentConfidence,
    after.edited ? 1 : 0,
    v.words,
  ];
  if (after.speakerId !== before.speakerId) {
    sets.push("speaker = ?");
    values.push(speakerKeyOrFail(sql, transcript, after.speakerId));
  }
  if (after.orderKey !== before.orderKey) {
    sets.push("order_key = ?");
    values.push(after.orderKey);
  }
  w.exec(`UPDATE utterances SET ${sets.join(", ")} WHERE id = ?`, ...values, key);
}

export function insertSpeaker(w: Writes, sql: SqlStorage, transcript: number, s: SpeakerState): void {
  const own = derivedKey(sql, s.id, "s");
  w.exec(
    `INSERT INTO speakers (id, transcript, client_id, original_label, name, role, position)
     VALUES (?, ?, ?, ?, ?, ?, coalesce(?, (SELECT coalesce(max(position) + 1, 0) FROM speakers WHERE transcript = ?)))`,
    own,
    transcript,
    own === null ? s.id : null,
    s.originalLabel,
    s.name,
    s.role,
    s.position ?? null,
    transcript,
  );
}
