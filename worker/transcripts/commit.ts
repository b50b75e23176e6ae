// Writes one change to a transcript atomically (one D1 batch): the touched
// utterance rows, speakers and fields, the history row, the statistics and the
// history pointer. What is written is O(rows touched), never O(transcript).
//
// Concurrency: the first statement checks that every touched row still has the
// version this request read (for undo/redo also that the history pointer has
// not moved) and otherwise sets history_index to NULL, which violates its NOT
// NULL constraint: the batch, being one transaction, rolls back whole and the
// caller re-reads (`commitWithRetry`).
import { statsDelta } from "../../common/transcript-apply";
import type { UtteranceDto } from "../../common/transcript";
import {
  EDIT_LIMITS,
  EDIT_MESSAGES,
  type Change,
  type HistoryType,
  type MovedUtteranceDto,
  type UtteranceState,
} from "../../common/transcript-ops";
import { isConstraintViolation } from "../lib/d1-errors";
import { ApiError } from "../lib/errors";
import { encodeChange } from "./change-codec";
import { deleteUtterance, insertUtterance, publicState, updateUtterance } from "./rows";
import { movedRows, movedRowsStatement, speakerMoveGuards, speakerMoveStatement } from "./speaker-moves";

export interface HistoryRecord {
  type: HistoryType;
  summary: string;
  change: Change;
  opId: string | null;
}

export interface CommitPlan {
  transcriptId: string;
  /** `before`: the row as read by this request (null: absent), checked; `after`: what to write (null: delete). */
  change: Change;
  history:
    | /** A new operation: recorded after the current one, replacing the redo branch; the oldest beyond the limit go. */
    { record: HistoryRecord } /** Undo/redo: the pointer moves from `expected` (checked) to `next`. */
    | { expected: number; next: number };
  now: string;
  /** Positions of the written rows when the caller knows them (a change that moves no row): no reads for them. */
  knownPositions?: ReadonlyMap<string, number>;
}

export interface CommitResult {
  /** Utterances written, in their new state with their position. */
  utterances: UtteranceDto[];
  removedUtteranceIds: string[];
  /** Rows a speaker move gave another speaker (Change.speakerMoves). */
  moved?: MovedUtteranceDto[];
  rowsWritten: number;
}

/**
 * The rows changed under this request (or its idempotency key was taken): read
 * again and retry (`commitWithRetry`). Past the last attempt the app answers
 * 409 `{error}`; the D1 error is kept as the cause.
 */
export class CommitConflict extends ApiError {
  constructor(cause: unknown) {
    super(409, EDIT_MESSAGES.stale);
    this.cause = cause;
  }
}

/** Attempts of one change before it gives up with a 409. */
export const COMMIT_ATTEMPTS = 5;

/**
 * Runs `attempt` (read, compute, commit) again while its commit conflicts, at
 * most COMMIT_ATTEMPTS times; the last conflict propagates as CommitConflict.
 * `attempt` (given its number, from 1) must read everything it computes on, so
 * each try sees the rows as they now are.
 */
export async function commitWithRetry<T>(attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof CommitConflict) || n >= COMMIT_ATTEMPTS) throw error;
    }
  }
}

/**
 * A user operation marks every row it writes as edited (decision 017), in the row and in the
 * history's after states, so undo brings back the earlier mark and redo this one.
 */
export function markEdited(change: Change): Change {
  return { ...change, utterances: change.utterances.map((u) => (u.after ? { ...u, after: { ...u.after, edited: true } } : u)) };
}

/** A plan as either store commits it: a new operation's rows and entry marked edited; undo/redo as they are. */
export function markedPlan<P extends { change: Change; history: { record: HistoryRecord } | object }>(plan: P): P {
  if (!("record" in plan.history)) return plan;
  const record = (plan.history as { record: HistoryRecord }).record;
  return { ...plan, change: markEdited(plan.change), history: { record: { ...record, change: markEdited(record.change) } } };
}

export async function commitChange(db: D1Database, requested: CommitPlan): Promise<CommitResult> {
  const plan = markedPlan(requested);
  const written = plan.change.utterances.flatMap((u) => (u.after ? [u.after] : []));
  const statements = [
    guardAndStatsStatement(db, plan),
    ...rowStatements(db, plan.transcriptId, plan.change, plan.now),
    ...fieldStatements(db, plan.transcriptId, plan.change),
    ...(speakerPresenceMayChange(plan.change) ? [speakerCountStatement(db, plan.transcriptId)] : []),
    ...("record" in plan.history
      ? historyStatements(db, plan.transcriptId, plan.history.record, plan.now, await encodeChange(plan.history.record.change))
      : []),
  ];
  const positionsFrom = statements.length;
  const known = plan.knownPositions;
  if (!known) statements.push(...positionStatements(db, plan.transcriptId, written));
  const moves = plan.change.speakerMoves;
  if (moves) statements.push(movedRowsStatement(db, plan.transcriptId, moves));

  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    if (isConstraintViolation(error)) throw new CommitConflict(error);
    throw error;
  }
  const rowsWritten = results.reduce((sum, r) => sum + (r.meta?.rows_written ?? 0), 0);
  return {
    utterances: written.map((u, i) => ({
      ...publicState(u),
      position: known ? (known.get(u.id) ?? u.position) : (results[positionsFrom + i]!.results[0] as { n: number }).n,
    })),
    ...(moves ? { moved: movedRows(results[results.length - 1]!) } : {}),
    removedUtteranceIds: plan.change.utterances.filter((u) => u.before && !u.after).map((u) => u.id),
    rowsWritten,
  };
}

/**
 * 1. Guard, history pointer and running statistics. A new operation goes after
 *    whatever is current when the batch runs, so edits of different utterances
 *    never conflict; undo/redo needs the pointer it read.
 */
export function guardAndStatsStatement(db: D1Database, plan: CommitPlan): D1PreparedStatement {
  const { transcriptId: tid, change } = plan;
  const delta = statsDelta(change);
  const move = "expected" in plan.history ? plan.history : null;
  // Only while D1 holds the content: a transcript moved to its owner's object meanwhile takes no write here.
  const guards = ["store = 'd1'"];
  const guardValues: unknown[] = [];
  if (move) {
    guards.push("history_index = ?");
    guardValues.push(move.expected);
  }
  // The expected versions go in as two JSON parameters, whatever the number of rows (D1 binds at most 100 per statement).
  const present = change.utterances.flatMap(({ id, before }) => (before ? [[id, before.version]] : []));
  const absent = change.utterances.flatMap(({ id, before }) => (before ? [] : [id]));
  if (present.length) {
    guards.push(
      `(SELECT count(*) FROM json_each(?) j CROSS JOIN utterances u
          ON u.id = json_extract(j.value, '$[0]') AND u.transcript_id = ? AND u.version = json_extract(j.value, '$[1]')) = ?`,
    );
    guardValues.push(JSON.stringify(present), tid, present.length);
  }
  if (absent.length) {
    guards.push("NOT EXISTS (SELECT 1 FROM json_each(?) j CROSS JOIN utterances u ON u.id = j.value)");
    guardValues.push(JSON.stringify(absent));
  }
  if (change.speakerMoves) {
    const fromRemoved = (change.speakers ?? []).some((s) => s.id === change.speakerMoves!.from && s.before && !s.after);
    const moveGuards = speakerMoveGuards(tid, change.speakerMoves, fromRemoved);
    guards.push(...moveGuards.sql);
    guardValues.push(...moveGuards.values);
  }
  return db
    .prepare(
      `UPDATE transcripts SET
         history_index = CASE WHEN ${guards.join(" AND ")} THEN ${move ? "?" : "history_index + 1"} ELSE NULL END,
         word_count = word_count + ?,
         confidence_sum = confidence_sum + ?,
         accuracy_percentage = CASE WHEN word_count + ? > 0 THEN ROUND((confidence_sum + ?) * 100.0 / (word_count + ?), 1) ELSE 0 END,
         updated_at = ?
       WHERE id = ?`,
    )
    .bind(
      ...guardValues,
      ...(move ? [move.next] : []),
      delta.words,
      delta.confidenceSum,
      delta.words,
      delta.confidenceSum,
      delta.words,
      plan.now,
      tid,
    );
}

/**
 * 2. Speakers that come back first (an utterance may point at one), then
 *    utterances (deletes before inserts, so a reused order key never collides),
 *    then speakers that go.
 */
export function rowStatements(db: D1Database, tid: string, change: Change, now: string): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const s of change.speakers ?? []) {
    if (!s.after) continue;
    if (s.before) {
      statements.push(
        db.prepare("UPDATE speakers SET name = ?, role = ? WHERE id = ? AND transcript_id = ?").bind(s.after.name, s.after.role, s.id, tid),
      );
    } else {
      statements.push(
        db
          .prepare(
            `INSERT INTO speakers (id, transcript_id, original_label, name, role, position, created_at)
             VALUES (?, ?, ?, ?, ?, coalesce(?, (SELECT coalesce(max(position) + 1, 0) FROM speakers WHERE transcript_id = ?)), ?)`,
          )
          .bind(s.id, tid, s.after.originalLabel, s.after.name, s.after.role, s.after.position ?? null, tid, now),
      );
    }
  }
  for (const u of change.utterances) if (u.before && !u.after) statements.push(deleteUtterance(db, tid, u.id));
  for (const u of change.utterances) if (u.before && u.after) statements.push(updateUtterance(db, tid, u.before, u.after));
  for (const u of change.utterances) if (!u.before && u.after) statements.push(insertUtterance(db, tid, u.after));
  // Moves after the speaker they go to exists and before the one they leave is removed.
  if (change.speakerMoves) statements.push(speakerMoveStatement(db, tid, change.speakerMoves));
  for (const s of change.speakers ?? []) {
    if (s.before && !s.after) statements.push(db.prepare("DELETE FROM speakers WHERE id = ? AND transcript_id = ?").bind(s.id, tid));
  }
  return statements;
}

/** 3. Summary and notes (none when neither changes). */
export function fieldStatements(db: D1Database, tid: string, change: Change): D1PreparedStatement[] {
  const fields = change.fields?.after;
  if (!fields || !("summary" in fields || "notes" in fields)) return [];
  const sets: string[] = [];
  const values: unknown[] = [];
  if ("summary" in fields) {
    sets.push("summary = ?");
    values.push(fields.summary ?? null);
  }
  if ("notes" in fields) {
    sets.push("notes = ?");
    values.push(fields.notes ?? null);
  }
  return [db.prepare(`UPDATE transcripts SET ${sets.join(", ")} WHERE id = ?`).bind(...values, tid)];
}

/** 4. Speaker count (speakers with at least one utterance); the caller adds it only when it can have changed. */
export function speakerCountStatement(db: D1Database, tid: string): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE transcripts SET speaker_count = (SELECT count(DISTINCT speaker_id) FROM utterances WHERE transcript_id = ?1) WHERE id = ?1",
    )
    .bind(tid);
}

/**
 * 5. History: the redo branch goes, the operation is recorded, the oldest beyond
 *    the limit go. (The guard statement already set history_index to the new seq.)
 */
export function historyStatements(
  db: D1Database,
  tid: string,
  record: HistoryRecord,
  now: string,
  /** The change as stored (change-codec.ts); its JSON by default. */
  storedChange = JSON.stringify(record.change),
): D1PreparedStatement[] {
  const pointer = "(SELECT history_index FROM transcripts WHERE id = ?1)";
  return [
    db.prepare(`DELETE FROM edit_operations WHERE transcript_id = ?1 AND seq >= ${pointer}`).bind(tid),
    db
      .prepare(
        `INSERT INTO edit_operations (transcript_id, seq, type, summary, change, op_id, created_at)
         VALUES (?1, ${pointer}, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(tid, record.type, record.summary, storedChange, record.opId, now),
    db.prepare(`DELETE FROM edit_operations WHERE transcript_id = ?1 AND seq <= ${pointer} - ?2`).bind(tid, EDIT_LIMITS.historyKept),
  ];
}

/** 6. Positions of the rows written, as they now stand (read inside the same transaction). */
export function positionStatements(db: D1Database, tid: string, written: UtteranceState[]): D1PreparedStatement[] {
  return written.map((u) =>
    db.prepare("SELECT count(*) AS n FROM utterances WHERE transcript_id = ? AND order_key < ?").bind(tid, u.orderKey),
  );
}

/** A speaker can gain its first or lose its last utterance only if a row is added to it or leaves it. */
export function speakerPresenceMayChange(change: Change): boolean {
  const count = new Map<string, number>();
  for (const { before, after } of change.utterances) {
    if (before) count.set(before.speakerId, (count.get(before.speakerId) ?? 0) - 1);
    if (after) count.set(after.speakerId, (count.get(after.speakerId) ?? 0) + 1);
  }
  const beforeSpeakers = new Set(change.utterances.flatMap((u) => (u.before ? [u.before.speakerId] : [])));
  for (const [speaker, diff] of count) {
    if (diff < 0) return true;
    if (diff > 0 && !beforeSpeakers.has(speaker)) return true;
  }
  return (change.speakers ?? []).some((s) => !s.before || !s.after);
}

/** Whether what the details panel shows (statistics, speakers, summary, notes) can have changed. */
export function detailsChanged(change: Change): boolean {
  if (change.speakers?.length || change.fields) return true;
  const delta = statsDelta(change);
  if (delta.words !== 0 || Math.abs(delta.confidenceSum) > 1e-9) return true;
  return change.utterances.some(
    ({ before, after }) =>
      !before || !after || before.speakerId !== after.speakerId || before.startTime !== after.startTime || before.endTime !== after.endTime,
  );
}
