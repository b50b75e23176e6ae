// Merge one speaker into another: every utterance of the speaker becomes the
// other's and the speaker is removed, in one batch with one history entry
// (type speaker_edited). The entry records the moved utterance ids and the
// removed speaker's row (name, role, position), so one undo brings both back
// exactly and redo moves the same utterances again. Rows written: the moved
// utterances plus O(1).
import { checkSpeakerMerge, mergeSummary, SpeakerMergeError } from "../../common/speaker-merge";
import type { AppliedOp, Change, SpeakerState } from "../../common/transcript-ops";
import type { TranscriptRow } from "../db/schema";
import { ApiError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { decodeChange } from "./change-codec";
import { commitChange, type CommitResult, commitWithRetry, detailsChanged } from "./commit";
import { type EditOutcome, recordOf } from "./operations";
import type { SpeakerRowLite } from "./details-edits";
import { defaultSpeakerName } from "./read";
import { movedRows, movedRowsStatement } from "./speaker-moves";

/**
 * The merge as one change: the speaker's utterances (`movedIds`, in order) move to the other,
 * and the speaker goes. 404/422 (common/speaker-merge.ts) for what the rules refuse.
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
    if (error instanceof SpeakerMergeError) throw new ApiError(error.status, error.message);
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

/** What a committed speaker merge answers: the moved rows (the route adds the speakers). */
export const mergedOutcome = (change: Change, committed: CommitResult): EditOutcome => ({
  result: { utterances: [], removedUtteranceIds: [], moved: committed.moved ?? [] },
  change,
  detailsChanged: detailsChanged(change),
  rowsWritten: committed.rowsWritten,
});

export async function mergeSpeakers(
  d1: D1Database,
  transcript: Pick<TranscriptRow, "id">,
  speakerId: string,
  intoSpeakerId: string,
  opId: string | null,
): Promise<EditOutcome> {
  return commitWithRetry(async () => {
    const [speakerRows, moved, known] = await d1.batch([
      d1
        .prepare("SELECT id, original_label AS originalLabel, name, role, position FROM speakers WHERE transcript_id = ? AND id IN (?, ?)")
        .bind(transcript.id, speakerId, intoSpeakerId),
      d1.prepare("SELECT id FROM utterances WHERE transcript_id = ? AND speaker_id = ? ORDER BY order_key").bind(transcript.id, speakerId),
      d1.prepare("SELECT change FROM edit_operations WHERE transcript_id = ? AND op_id = ?").bind(transcript.id, opId),
    ]);
    // A retried request (same Idempotency-Key) answers what the first one moved, applying nothing.
    const knownRow = known!.results[0] as { change: string } | undefined;
    if (knownRow) {
      const moves = (await decodeChange(knownRow.change)).speakerMoves;
      const moved = moves ? movedRows(await movedRowsStatement(d1, transcript.id, moves).run()) : [];
      return {
        result: { utterances: [], removedUtteranceIds: [], moved },
        change: null,
        detailsChanged: false,
        rowsWritten: 0,
      };
    }
    const plan = planSpeakerMerge(
      speakerRows!.results as SpeakerRowLite[],
      speakerId,
      intoSpeakerId,
      (moved!.results as { id: string }[]).map((r) => r.id),
    );
    const committed = await commitChange(d1, { transcriptId: transcript.id, ...recordOf(plan, opId), now: nowIso() });
    return mergedOutcome(plan.change, committed);
  });
}
