// Writes one change into the user's store: the touched rows, speakers and fields, the
// statistics, the history entry or pointer, in the caller's transaction. The same steps as
// a one-batch commit without version guards: here the read,
// the rules and the write run in one synchronous transaction, so nothing can move between them.
import { statsDelta } from "../../core/transcript-apply";
import type { UtteranceDto } from "../../core/transcript";
import { EDIT_LIMITS } from "../../core/edit-limits";
import type { Change, SpeakerMoves } from "../../core/change";
import type { MovedUtteranceDto } from "../../core/operation-results";
import { encodeChange } from "../../core/change-codec";
import { type CommitResult, type HistoryRecord, markedPlan, publicState, speakerPresenceMayChange } from "../../core/outcome";
import { entryBytes, keepHistoryWithin } from "./history-budget";
import { storeIds } from "./layout";
import { dropHistory } from "./snapshots";
import { insertSpeaker, insertUtterance, locateUtterance, positionOf, speakerKey, updateUtterance, Writes } from "./rows";

export interface StoreCommitPlan {
  change: Change;
  /** A new operation (recorded after the current one, replacing the redo branch), or undo/redo moving the pointer. */
  history: { record: HistoryRecord } | { next: number };
  now: string;
  /** Positions of the written rows when the caller knows them (a change that moves no row): no counts for them. */
  knownPositions?: ReadonlyMap<string, number>;
}

function keyIn(sql: SqlStorage, transcript: number, id: string): number {
  const at = locateUtterance(sql, id);
  if (!at || at.transcript !== transcript) throw new Error(`Utterance ${id} is not in this transcript`);
  return at.key;
}

function speakerKeyIn(sql: SqlStorage, transcript: number, id: string): number {
  const key = speakerKey(sql, transcript, id);
  if (key === null) throw new Error(`Speaker ${id} is not in this transcript`);
  return key;
}

function moveSpeakers(w: Writes, sql: SqlStorage, transcript: number, moves: SpeakerMoves): number[] {
  const keys = moves.utteranceIds.map((id) => keyIn(sql, transcript, id));
  // A reassigned speaker is a correction a re-transcription keeps (speaker-moves.ts).
  w.exec(
    "UPDATE utterances SET speaker = ?, version = version + 1, edited = 1 WHERE id IN (SELECT value FROM json_each(?))",
    speakerKeyIn(sql, transcript, moves.to),
    JSON.stringify(keys),
  );
  return keys;
}

export function movedRows(sql: SqlStorage, keys: number[]): MovedUtteranceDto[] {
  const ids = storeIds(sql);
  return sql
    .exec<{ id: number; client_id: string | null; speaker: number; speaker_client_id: string | null; version: number }>(
      `SELECT u.id, u.client_id, u.speaker, s.client_id AS speaker_client_id, u.version FROM utterances u JOIN speakers s ON s.id = u.speaker
       WHERE u.id IN (SELECT value FROM json_each(?)) ORDER BY u.order_key`,
      JSON.stringify(keys),
    )
    .toArray()
    .map((r) => ({ id: ids.utterance(r.id, r.client_id), speakerId: ids.speaker(r.speaker, r.speaker_client_id), version: r.version }));
}

/** The named utterances still in the transcript, as movedRows answers them (a repeated speaker merge, undo or redo). */
export function movedNow(sql: SqlStorage, transcript: number, ids: readonly string[]): MovedUtteranceDto[] {
  const keys = ids.flatMap((id) => {
    const at = locateUtterance(sql, id);
    return at && at.transcript === transcript ? [at.key] : [];
  });
  return movedRows(sql, keys);
}

/**
 * Entry `seq` (the redo branch after the pointer already cut), weighed with any sides already
 * taken for it; then the oldest beyond those kept, or past the history's budgets, go.
 */
export function appendHistory(w: Writes, transcript: number, seq: number, record: HistoryRecord, now: string): void {
  w.exec(
    `INSERT INTO history (transcript, seq, type, summary, change, op_id, op_request, created_at, bytes)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ${entryBytes("?5", "?4", "?1", "?2")})`,
    transcript,
    seq,
    record.type,
    record.summary,
    encodeChange(record.change),
    record.opId,
    record.request ?? null,
    now,
  );
  w.rows += dropHistory(w.sql, transcript, "<= ?", seq - EDIT_LIMITS.historyKept);
  w.rows += keepHistoryWithin(w.sql, transcript, seq);
}

export function commitInStore(sql: SqlStorage, transcript: number, requested: StoreCommitPlan): CommitResult {
  const plan = markedPlan(requested);
  const { change } = plan;
  const w = new Writes(sql);
  for (const s of change.speakers ?? []) {
    if (!s.after) continue;
    if (s.before)
      w.exec("UPDATE speakers SET name = ?, role = ? WHERE id = ?", s.after.name, s.after.role, speakerKeyIn(sql, transcript, s.id));
    else insertSpeaker(w, sql, transcript, s.after);
  }
  for (const u of change.utterances) if (u.before && !u.after) w.exec("DELETE FROM utterances WHERE id = ?", keyIn(sql, transcript, u.id));
  for (const u of change.utterances)
    if (u.before && u.after) updateUtterance(w, sql, transcript, keyIn(sql, transcript, u.id), u.before, u.after);
  for (const u of change.utterances) if (!u.before && u.after) insertUtterance(w, sql, transcript, u.after);
  const moved = change.speakerMoves ? moveSpeakers(w, sql, transcript, change.speakerMoves) : null;
  for (const s of change.speakers ?? []) {
    if (s.before && !s.after) w.exec("DELETE FROM speakers WHERE id = ?", speakerKeyIn(sql, transcript, s.id));
  }

  const fields = change.fields?.after;
  if (fields && "summary" in fields) w.exec("UPDATE transcripts SET summary = ? WHERE id = ?", fields.summary ?? null, transcript);
  if (fields && "notes" in fields) w.exec("UPDATE transcripts SET notes = ? WHERE id = ?", fields.notes ?? null, transcript);
  if (fields && "chapters" in fields)
    w.exec("UPDATE transcripts SET chapters = ? WHERE id = ?", fields.chapters ? JSON.stringify(fields.chapters) : null, transcript);

  const delta = statsDelta(change);
  const record = "record" in plan.history ? plan.history.record : null;
  const { seq } = sql
    .exec<{ seq: number }>(
      `UPDATE transcripts SET
         history_index = ${record ? "history_index + 1" : "?"},
         word_count = word_count + ?,
         confidence_sum = confidence_sum + ?,
         accuracy_percentage = CASE WHEN word_count + ? > 0 THEN ROUND((confidence_sum + ?) * 100.0 / (word_count + ?), 1) ELSE 0 END,
         updated_at = ?
       WHERE id = ? RETURNING history_index AS seq`,
      ...(record ? [] : ["next" in plan.history ? plan.history.next : 0]),
      delta.words,
      delta.confidenceSum,
      delta.words,
      delta.confidenceSum,
      delta.words,
      plan.now,
      transcript,
    )
    .one();
  w.rows++;
  if (speakerPresenceMayChange(change)) {
    w.exec(
      "UPDATE transcripts SET speaker_count = (SELECT count(DISTINCT speaker) FROM utterances WHERE transcript = ?1) WHERE id = ?1",
      transcript,
    );
  }
  if (record) {
    w.rows += dropHistory(sql, transcript, ">= ?", seq);
    appendHistory(w, transcript, seq, record, plan.now);
  }

  const written = change.utterances.flatMap((u) => (u.after ? [u.after] : []));
  const known = plan.knownPositions;
  const utterances: UtteranceDto[] = written.map((u) => ({
    ...publicState(u),
    position: known?.get(u.id) ?? positionOf(sql, transcript, u.orderKey),
  }));
  return {
    utterances,
    removedUtteranceIds: change.utterances.filter((u) => u.before && !u.after).map((u) => u.id),
    ...(moved ? { moved: movedRows(sql, moved) } : {}),
    rowsWritten: w.rows,
  };
}
