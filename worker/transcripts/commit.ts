// Writes one change to a transcript atomically (one D1 batch): the touched
// utterance rows, speakers and fields, the history row, the statistics and the
// history pointer. What is written is O(rows touched), never O(transcript).
//
// Concurrency: the first statement checks that every touched row still has the
// version this request read (for undo/redo also that the history pointer has
// not moved) and otherwise sets history_index to NULL, which violates its NOT
// NULL constraint: the batch, being one transaction, rolls back whole and the
// caller re-reads.
import { statsDelta } from "../../common/transcript-apply";
import type { UtteranceDto } from "../../common/transcript";
import { EDIT_LIMITS, type Change, type HistoryType } from "../../common/transcript-ops";
import { deleteUtterance, insertUtterance, updateUtterance } from "./rows";

export interface CommitPlan {
  transcriptId: string;
  /** `before`: the row as read by this request (null: absent), checked; `after`: what to write (null: delete). */
  change: Change;
  history:
    | /** A new operation: recorded after the current one, replacing the redo branch; the oldest beyond the limit go. */
    {
        record: { type: HistoryType; summary: string; change: Change; opId: string | null };
      } /** Undo/redo: the pointer moves from `expected` (checked) to `next`. */
    | { expected: number; next: number };
  now: string;
}

export interface CommitResult {
  /** Utterances written, in their new state with their position. */
  utterances: UtteranceDto[];
  removedUtteranceIds: string[];
  rowsWritten: number;
}

/** The rows changed under this request (or its idempotency key was taken): read again and retry. */
export class CommitConflict extends Error {}

export async function commitChange(db: D1Database, plan: CommitPlan): Promise<CommitResult> {
  const { transcriptId: tid, change } = plan;
  const delta = statsDelta(change);
  const statements: D1PreparedStatement[] = [];

  // 1. Guard, history pointer and running statistics. A new operation goes
  //    after whatever is current when the batch runs, so edits of different
  //    utterances never conflict; undo/redo needs the pointer it read.
  const record = "record" in plan.history ? plan.history.record : null;
  const move = "expected" in plan.history ? plan.history : null;
  const guards = ["1 = 1"];
  const guardValues: unknown[] = [];
  if (move) {
    guards.push("history_index = ?");
    guardValues.push(move.expected);
  }
  for (const { id, before } of change.utterances) {
    if (before) {
      guards.push("(SELECT version FROM utterances WHERE id = ? AND transcript_id = ?) = ?");
      guardValues.push(id, tid, before.version);
    } else {
      guards.push("NOT EXISTS (SELECT 1 FROM utterances WHERE id = ?)");
      guardValues.push(id);
    }
  }
  statements.push(
    db
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
      ),
  );

  // 2. Speakers that come back first (an utterance may point at one), then
  //    utterances (deletes before inserts, so a reused order key never collides),
  //    then speakers that go.
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
          .bind(s.id, tid, s.after.originalLabel, s.after.name, s.after.role, s.after.position ?? null, tid, plan.now),
      );
    }
  }
  for (const u of change.utterances) if (u.before && !u.after) statements.push(deleteUtterance(db, tid, u.id));
  for (const u of change.utterances) if (u.before && u.after) statements.push(updateUtterance(db, tid, u.before, u.after));
  for (const u of change.utterances) if (!u.before && u.after) statements.push(insertUtterance(db, tid, u.after));
  for (const s of change.speakers ?? []) {
    if (s.before && !s.after) statements.push(db.prepare("DELETE FROM speakers WHERE id = ? AND transcript_id = ?").bind(s.id, tid));
  }

  // 3. Summary and notes.
  const fields = change.fields?.after;
  if (fields && ("summary" in fields || "notes" in fields)) {
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
    statements.push(db.prepare(`UPDATE transcripts SET ${sets.join(", ")} WHERE id = ?`).bind(...values, tid));
  }

  // 4. Speaker count (speakers with at least one utterance), only when it can have changed.
  if (speakerPresenceMayChange(change)) {
    statements.push(
      db
        .prepare(
          "UPDATE transcripts SET speaker_count = (SELECT count(DISTINCT speaker_id) FROM utterances WHERE transcript_id = ?1) WHERE id = ?1",
        )
        .bind(tid),
    );
  }

  // 5. History: the redo branch goes, the operation is recorded, the oldest beyond the limit go.
  //    (history_index already holds the new operation's seq.)
  if (record) {
    const pointer = "(SELECT history_index FROM transcripts WHERE id = ?1)";
    statements.push(
      db.prepare(`DELETE FROM edit_operations WHERE transcript_id = ?1 AND seq >= ${pointer}`).bind(tid),
      db
        .prepare(
          `INSERT INTO edit_operations (transcript_id, seq, type, summary, change, op_id, created_at) VALUES (?1, ${pointer}, ?2, ?3, ?4, ?5, ?6)`,
        )
        .bind(tid, record.type, record.summary, JSON.stringify(record.change), record.opId, plan.now),
      db.prepare(`DELETE FROM edit_operations WHERE transcript_id = ?1 AND seq <= ${pointer} - ?2`).bind(tid, EDIT_LIMITS.historyKept),
    );
  }

  // 6. Positions of the rows written, as they now stand (read inside the same transaction).
  const written = change.utterances.flatMap((u) => (u.after ? [u.after] : []));
  const positionsFrom = statements.length;
  for (const u of written) {
    statements.push(db.prepare("SELECT count(*) AS n FROM utterances WHERE transcript_id = ? AND order_key < ?").bind(tid, u.orderKey));
  }

  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    if (/constraint failed/i.test(String((error as Error)?.message ?? error))) throw new CommitConflict(String(error));
    throw error;
  }
  const rowsWritten = results.reduce((sum, r) => sum + (r.meta?.rows_written ?? 0), 0);
  return {
    utterances: written.map((u, i) => ({ ...u, position: (results[positionsFrom + i]!.results[0] as { n: number }).n })),
    removedUtteranceIds: change.utterances.filter((u) => u.before && !u.after).map((u) => u.id),
    rowsWritten,
  };
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
