// The edit history's rules: the list the Edit History modal shows, and what an undo or redo
// writes. Each entry records the row states before and after its operation (as diffs where
// both exist, decision 024); undo writes the before states, redo the after states.
import type { SpeakerDto } from "./transcript";
import { invertChange, type Change, type HistoryType, type UtteranceState } from "./change";
import type { EditHistoryDto } from "./operation-results";
import type { RecordedChange, RecordedUtterance } from "./change-codec";
import { type CommitResult, detailsChanged, type EditOutcome } from "./outcome";
import { isRetranscription } from "./retranscription";
import { forward, revert } from "./utterance-diff";

export type HistoryEntry = {
  seq: number;
  type: HistoryType;
  summary: string;
  createdAt: string;
  /** Who made it (null: the system, e.g. a re-transcription, or made before authors were kept). */
  authorId: string | null;
  authorName: string | null;
};

/** The list as the modal shows it, from the pointer and the kept entries in order. */
export function historyDto(historyIndex: number, ops: readonly HistoryEntry[]): EditHistoryDto {
  const first = ops[0]?.seq ?? 0;
  const current = ops.findIndex((op) => op.seq === historyIndex);
  // The pointer can sit before the oldest kept operation (older ones were dropped): nothing to undo then.
  const currentIndex = current >= 0 ? current : -1;
  return {
    // Entries count from 0: a first kept one past it, or none kept after some were made, means older ones were dropped.
    truncated: (ops[0]?.seq ?? historyIndex + 1) > 0,
    canUndo: current >= 0,
    canRedo: ops.some((op) => op.seq === historyIndex + 1),
    currentIndex,
    operations: ops.map((op) => ({
      index: op.seq - first,
      type: op.type,
      summary: op.summary,
      timestamp: op.createdAt,
      author: op.authorId === null ? null : { id: op.authorId, name: op.authorName ?? "" },
      isCurrent: op.seq === historyIndex,
      // Undoing the operations after it makes it the current one.
      canUndoTo: op.seq - first < currentIndex,
    })),
  };
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

/**
 * The utterance as it was at `version`, walked back from its current state through the entries
 * up to the pointer that name it, newest first (a stale word edit's base, decision 052). Each
 * entry must end at the version the walk stands at: an undo or redo in between (a version no
 * entry records), an entry without versions, the utterance's creation, a speaker move or a
 * re-transcription ends the walk, and the answer is undefined.
 */
export function stateAtVersion(
  current: UtteranceState,
  version: number,
  newestFirst: Iterable<RecordedChange>,
): UtteranceState | undefined {
  let state = current;
  for (const entry of newestFirst) {
    if (state.version <= version) break;
    if (isRetranscription(entry) || entry.speakerMoves?.utteranceIds.includes(state.id)) return undefined;
    const recorded = entry.utterances.find((u) => u.id === state.id);
    // The id appeared in the entry elsewhere (a word's text): it did not change this row.
    if (!recorded) continue;
    if (!("diff" in recorded) || recorded.versions?.[1] !== state.version) return undefined;
    state = { ...revert(state, recorded.diff), version: recorded.versions[0] };
  }
  return state.version === version ? state : undefined;
}
