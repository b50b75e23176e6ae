// Whole-transcript sides of a re-transcription's history entry in the user's store (decision
// 017): the transcript's sides kept, with
// rows keeping their integer keys, so ids derived from them name the same rows after a swap.
// Every function runs inside the caller's transaction.

export type Side = "before" | "after";

const TRANSCRIPT_FIELDS = `duration, accuracy_percentage, confidence_sum, speaker_count, word_count, transcription_service,
  started_at, completed_at, detected_language, notices`;
const SPEAKER_FIELDS = "id, client_id, original_label, name, role, position";
const UTTERANCE_FIELDS = `id, client_id, speaker, order_key, version, start_time, end_time, confidence_score, sentiment,
  sentiment_confidence, edited, words`;

/** Each side table, the live table it copies, that table's transcript column, and the columns copied. */
const COPIES = [
  ["snapshots", "transcripts", "id", TRANSCRIPT_FIELDS],
  ["snapshot_speakers", "speakers", "transcript", SPEAKER_FIELDS],
  ["snapshot_utterances", "utterances", "transcript", UTTERANCE_FIELDS],
] as const;

/** The transcript as it is now into side `side` of history entry `seq`. */
export function takeSnapshot(sql: SqlStorage, transcript: number, seq: number, side: Side): void {
  for (const [into, from, key, fields] of COPIES)
    sql.exec(
      `INSERT INTO ${into} (transcript, seq, side, ${fields}) SELECT ${key}, ?2, ?3, ${fields} FROM ${from} WHERE ${key} = ?1`,
      transcript,
      seq,
      side,
    );
}

const SNAPSHOT_TABLES = COPIES.map(([table]) => table);

/** Removes the entries `seq` names (a comparison such as ">= ?") with their sides; the rows written. */
export function dropHistory(sql: SqlStorage, transcript: number, seq: string, value: number): number {
  let written = 0;
  for (const table of ["history", ...SNAPSHOT_TABLES])
    written += sql.exec(`DELETE FROM ${table} WHERE transcript = ? AND seq ${seq}`, transcript, value).rowsWritten;
  return written;
}

/** One side of an entry (it is about to be taken again). */
export function dropSide(sql: SqlStorage, transcript: number, seq: number, side: Side): void {
  for (const table of SNAPSHOT_TABLES)
    sql.exec(`DELETE FROM ${table} WHERE transcript = ? AND seq = ? AND side = ?`, transcript, seq, side);
}

/** Every history entry and side of a transcript, and the keys of its undo and redo (it is leaving the store). */
export function dropAllHistory(sql: SqlStorage, transcript: number): number {
  sql.exec("DELETE FROM step_keys WHERE transcript = ?", transcript);
  return dropHistory(sql, transcript, ">= ?", Number.MIN_SAFE_INTEGER);
}

export const hasSnapshot = (sql: SqlStorage, transcript: number, seq: number, side: Side) =>
  sql.exec("SELECT 1 FROM snapshots WHERE transcript = ? AND seq = ? AND side = ?", transcript, seq, side).toArray().length > 0;

/**
 * The transcript becomes side `side` of entry `seq`. Rows on both sides are updated with a higher
 * version (a version never names two contents); the others are removed or inserted under their keys.
 */
export function restoreSnapshot(sql: SqlStorage, transcript: number, seq: number, side: Side): void {
  const snap = "transcript = ?1 AND seq = ?2 AND side = ?3";
  const snapS = "s.transcript = ?1 AND s.seq = ?2 AND s.side = ?3";
  const run = (statement: string) => sql.exec(statement, transcript, seq, side);
  // Speakers first (utterances name them), then utterances, then the speakers that go.
  run(
    `INSERT INTO speakers (transcript, ${SPEAKER_FIELDS})
     SELECT transcript, ${SPEAKER_FIELDS} FROM snapshot_speakers s WHERE ${snap} AND NOT EXISTS (SELECT 1 FROM speakers p WHERE p.id = s.id)`,
  );
  run(
    `UPDATE speakers SET (name, role, position) =
       (SELECT s.name, s.role, s.position FROM snapshot_speakers s WHERE ${snapS} AND s.id = speakers.id)
     WHERE transcript = ?1 AND id IN (SELECT id FROM snapshot_speakers WHERE ${snap})`,
  );
  run(`DELETE FROM utterances WHERE transcript = ?1 AND id NOT IN (SELECT id FROM snapshot_utterances WHERE ${snap})`);
  run(
    `UPDATE utterances SET (speaker, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, edited, words) =
       (SELECT s.speaker, s.order_key, max(s.version, utterances.version) + 1, s.start_time, s.end_time, s.confidence_score, s.sentiment,
          s.sentiment_confidence, s.edited, s.words
        FROM snapshot_utterances s WHERE ${snapS} AND s.id = utterances.id)
     WHERE transcript = ?1 AND id IN (SELECT id FROM snapshot_utterances WHERE ${snap})`,
  );
  run(
    `INSERT INTO utterances (transcript, ${UTTERANCE_FIELDS})
     SELECT transcript, id, client_id, speaker, order_key, version + 1, start_time, end_time, confidence_score, sentiment,
       sentiment_confidence, edited, words
     FROM snapshot_utterances s WHERE ${snap} AND NOT EXISTS (SELECT 1 FROM utterances u WHERE u.id = s.id)`,
  );
  run(`DELETE FROM speakers WHERE transcript = ?1 AND id NOT IN (SELECT id FROM snapshot_speakers WHERE ${snap})`);
  run(
    `UPDATE transcripts SET (${TRANSCRIPT_FIELDS}) = (SELECT ${TRANSCRIPT_FIELDS} FROM snapshots WHERE ${snap})
     WHERE id = ?1`,
  );
}
