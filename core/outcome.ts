// What a committed change answers, and the marks a plan carries before it is committed.
import { statsDelta } from "./transcript-apply";
import type { UtteranceDto } from "./transcript";
import type { AppliedOp, Change, HistoryType, UtteranceState } from "./change";
import type { MovedUtteranceDto, OperationResultDto } from "./operation-results";

/** What an edit (or undo/redo) did; `change` is null when nothing was written. */
export interface EditOutcome {
  result: OperationResultDto;
  change: Change | null;
  /** For the live push: whether statistics, speakers or fields changed too. */
  detailsChanged: boolean;
  rowsWritten: number;
}

/** One entry of the edit history as it is recorded. */
export interface HistoryRecord {
  type: HistoryType;
  summary: string;
  change: Change;
  opId: string | null;
  /** The fingerprint of the request that sent `opId` (a key means one request). */
  request?: string | null;
}

/** What the store wrote for a change. */
export interface CommitResult {
  /** Utterances written, in their new state with their position. */
  utterances: UtteranceDto[];
  removedUtteranceIds: string[];
  /** Rows a speaker move gave another speaker (Change.speakerMoves). */
  moved?: MovedUtteranceDto[];
  rowsWritten: number;
}

/** A state as the client sees it: the edited mark is the server's own (decision 017). */
export function publicState<U extends UtteranceState>({ edited: _edited, ...state }: U): Omit<U, "edited"> {
  return state;
}

/**
 * A user operation marks every row it writes as edited (decision 017), in the row and in the
 * history's after states, so undo brings back the earlier mark and redo this one.
 */
export function markEdited(change: Change): Change {
  return { ...change, utterances: change.utterances.map((u) => (u.after ? { ...u, after: { ...u.after, edited: true } } : u)) };
}

/** A plan as the store commits it: a new operation's rows and entry marked edited; undo/redo as they are. */
export function markedPlan<P extends { change: Change; history: { record: HistoryRecord } | object }>(plan: P): P {
  if (!("record" in plan.history)) return plan;
  const record = (plan.history as { record: HistoryRecord }).record;
  return { ...plan, change: markEdited(plan.change), history: { record: { ...record, change: markEdited(record.change) } } };
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

/** A user operation's change and its history entry. */
export const recordOf = (applied: AppliedOp, opId: string | null, request: string | null = null) => ({
  change: applied.change,
  history: { record: { type: applied.type, summary: applied.summary, change: applied.change, opId, request } },
});

/** What a committed operation answers. */
export const appliedOutcome = (applied: AppliedOp, committed: CommitResult): EditOutcome => ({
  result: { utterances: committed.utterances, removedUtteranceIds: committed.removedUtteranceIds },
  change: applied.change,
  detailsChanged: detailsChanged(applied.change),
  rowsWritten: committed.rowsWritten,
});
