// Edit history: the list the Edit History modal shows, and undo/redo. Each
// history row records the row states before and after its operation (as diffs
// where both exist, decision 024); undo writes the before states, redo the after
// states, in one batch with the history pointer (transcripts.history_index = seq
// of the current operation).
import {
  EDIT_MESSAGES,
  invertChange,
  type Change,
  type EditHistoryDto,
  type HistoryType,
  type UtteranceState,
} from "../../common/transcript-ops";
import type { SpeakerDto } from "../../common/transcript";
import type { Db } from "../db/client";
import type { TranscriptRow, UtteranceRow } from "../db/schema";
import { conflict } from "../lib/errors";
import { nowIso } from "../lib/time";
import { decodeChange, type RecordedChange, type RecordedUtterance } from "./change-codec";
import { commitChange, type CommitResult, commitWithRetry, detailsChanged } from "./commit";
import type { EditOutcome } from "./operations";
import { listSpeakers } from "./read";
import { isRetranscription, swapRetranscription } from "./retranscribe";
import { toUtteranceState, UTTERANCE_COLUMNS } from "./rows";
import { forward, revert } from "./utterance-diff";

/** Oldest first; `index` counts from 0 over the operations kept. */
export async function getEditHistory(db: D1Database, transcript: Pick<TranscriptRow, "id">): Promise<EditHistoryDto> {
  const [head, rows] = await db.batch([
    db.prepare("SELECT history_index AS historyIndex FROM transcripts WHERE id = ?").bind(transcript.id),
    db
      .prepare("SELECT seq, type, summary, created_at AS createdAt FROM edit_operations WHERE transcript_id = ? ORDER BY seq")
      .bind(transcript.id),
  ]);
  const historyIndex = (head!.results[0] as { historyIndex: number } | undefined)?.historyIndex ?? -1;
  return historyDto(historyIndex, rows!.results as HistoryEntry[]);
}

export type HistoryEntry = {
  seq: number;
  type: HistoryType;
  summary: string;
  createdAt: string;
};

/** The list as the modal shows it, from the pointer and the kept entries in order (whichever store keeps them). */
export function historyDto(historyIndex: number, ops: readonly HistoryEntry[]): EditHistoryDto {
  const first = ops[0]?.seq ?? 0;
  const current = ops.findIndex((op) => op.seq === historyIndex);
  // The pointer can sit before the oldest kept operation (older ones were dropped): nothing to undo then.
  const currentIndex = current >= 0 ? current : -1;
  return {
    canUndo: current >= 0,
    canRedo: ops.some((op) => op.seq === historyIndex + 1),
    currentIndex,
    operations: ops.map((op) => ({
      index: op.seq - first,
      type: op.type,
      summary: op.summary,
      timestamp: op.createdAt,
      isCurrent: op.seq === historyIndex,
      // Undoing the operations after it makes it the current one.
      canUndoTo: op.seq - first < currentIndex,
    })),
  };
}

/**
 * Undo (the current operation's before states) or redo (the next one's after
 * states). 409 when there is nothing to undo or redo, or when the history kept
 * moving under every attempt.
 */
export async function stepHistory(
  d1: D1Database,
  db: Db,
  transcript: Pick<TranscriptRow, "id">,
  direction: "undo" | "redo",
): Promise<EditOutcome> {
  const offset = direction === "undo" ? 0 : 1;
  return commitWithRetry(async () => {
    const [head, opRows] = await d1.batch([
      d1.prepare("SELECT history_index AS historyIndex FROM transcripts WHERE id = ?").bind(transcript.id),
      d1
        .prepare(
          "SELECT seq, change FROM edit_operations WHERE transcript_id = ?1 AND seq = (SELECT history_index FROM transcripts WHERE id = ?1) + ?2",
        )
        .bind(transcript.id, offset),
    ]);
    const historyIndex = (head!.results[0] as { historyIndex: number }).historyIndex;
    const op = opRows!.results[0] as { seq: number; change: string } | undefined;
    if (!op) throw conflict(direction === "undo" ? EDIT_MESSAGES.nothingToUndo : EDIT_MESSAGES.nothingToRedo);

    const recorded = await decodeChange(op.change);
    // A re-transcription swaps whole transcripts kept aside (decision 017).
    if (isRetranscription(recorded)) return swapRetranscription(d1, db, transcript.id, op.seq, historyIndex, direction);
    const current = await rowsById(
      d1,
      transcript.id,
      recorded.utterances.map((u) => u.id),
    );
    const change = stepChange(recorded, direction, current);
    const committed = await commitChange(d1, {
      transcriptId: transcript.id,
      change,
      history: { expected: historyIndex, next: direction === "undo" ? historyIndex - 1 : historyIndex + 1 },
      now: nowIso(),
    });
    return steppedOutcome(change, committed, change.speakers?.length ? await listSpeakers(db, transcript.id) : undefined);
  });
}

/** What an undo or redo answers; `speakers` as they now are when the step changed them. */
export const steppedOutcome = (change: Change, committed: CommitResult, speakers: SpeakerDto[] | undefined): EditOutcome => ({
  result: {
    utterances: committed.utterances,
    removedUtteranceIds: committed.removedUtteranceIds,
    ...(committed.moved ? { moved: committed.moved } : {}),
    ...(speakers ? { speakers } : {}),
    ...(change.fields ? { fields: change.fields.after } : {}),
  },
  change,
  detailsChanged: detailsChanged(change),
  rowsWritten: committed.rowsWritten,
});

/**
 * What a step writes: each recorded utterance's state on the side it goes to,
 * over the row as it now is. Versions keep growing (current + 1), so a version
 * never names two different contents.
 */
export function stepChange(recorded: RecordedChange, direction: "undo" | "redo", current: ReadonlyMap<string, UtteranceState>): Change {
  const others = { ...recorded, utterances: [] };
  return {
    ...(direction === "undo" ? invertChange(others) : others),
    utterances: recorded.utterances.map((u) => {
      const now = current.get(u.id) ?? null;
      const after = stateAfterStep(u, direction, now);
      return { id: u.id, before: now, after: after && now ? { ...after, version: now.version + 1 } : after };
    }),
  };
}

function stateAfterStep(u: RecordedUtterance, direction: "undo" | "redo", now: UtteranceState | null): UtteranceState | null {
  if (!("diff" in u)) return direction === "undo" ? u.before : u.after;
  // History is linear: an entry with both states finds its row in one of them.
  if (!now) throw new Error(`Utterance ${u.id} of a history entry is missing`);
  return direction === "undo" ? revert(now, u.diff) : forward(now, u.diff);
}

async function rowsById(db: D1Database, transcriptId: string, ids: string[]): Promise<Map<string, UtteranceState>> {
  if (!ids.length) return new Map();
  const { results } = await db
    // The ids as one JSON parameter: D1 binds at most 100 per statement, and a replace all touches more.
    .prepare(`SELECT ${UTTERANCE_COLUMNS} FROM utterances WHERE transcript_id = ? AND id IN (SELECT value FROM json_each(?))`)
    .bind(transcriptId, JSON.stringify(ids))
    .all<UtteranceRow>();
  return new Map(results.map((row) => [row.id, toUtteranceState(row, -1)]));
}
