// Merge one speaker into another: every utterance of the speaker becomes the other's and the
// speaker is removed, as one change with one history entry (type speaker_edited). The entry
// records the moved utterance ids and the removed speaker's row, so one undo brings both back
// exactly and redo moves the same utterances again.
import { checkSpeakerMerge, mergeSummary, SpeakerMergeError } from "./speaker-merge";
import type { AppliedOp, Change, SpeakerState } from "./change";
import type { SpeakerRowLite } from "./details-plans";
import { defaultSpeakerName } from "./speaker-stats";
import { type CommitResult, detailsChanged, type EditOutcome } from "./outcome";
import { Refusal } from "./refusal";

/**
 * The merge as one change: the speaker's utterances (`movedIds`, in order) move to the other,
 * and the speaker goes. 404/422 (speaker-merge.ts) for what the rules refuse.
 */
export function planSpeakerMerge(rows: readonly SpeakerRowLite[], speakerId: string, intoSpeakerId: string, movedIds: string[]): AppliedOp {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let names: { from: string; into: string };
  try {
    names = checkSpeakerMerge(
      (id) => {
        const row = byId.get(id);
        return row ? (row.name ?? defaultSpeakerName(row)) : undefined;
      },
      speakerId,
      intoSpeakerId,
    );
  } catch (error) {
    if (error instanceof SpeakerMergeError) throw new Refusal(error.status, error.message);
    throw error;
  }
  const from = byId.get(speakerId)!;
  const removed: SpeakerState = {
    id: from.id,
    originalLabel: from.originalLabel,
    name: from.name,
    role: from.role,
    position: from.position,
  };
  return {
    change: {
      utterances: [],
      speakers: [{ id: from.id, before: removed, after: null }],
      speakerMoves: { from: speakerId, to: intoSpeakerId, utteranceIds: movedIds },
    },
    type: "speaker_edited",
    summary: mergeSummary(names.from, names.into),
  };
}

/** What a committed speaker merge answers: the moved rows (the caller adds the speakers). */
export const mergedOutcome = (change: Change, committed: CommitResult): EditOutcome => ({
  result: { utterances: [], removedUtteranceIds: [], moved: committed.moved ?? [] },
  change,
  detailsChanged: detailsChanged(change),
  rowsWritten: committed.rowsWritten,
});
