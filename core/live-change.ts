// The live message that tells the other tabs on a transcript what an edit changed (which
// utterances, and whether the details), so they reload only that.
import type { TranscriptChangedMessage } from "../common/live-messages";
import type { EditOutcome } from "./outcome";

export function transcriptChangedMessage(audioFileId: string, outcome: EditOutcome, clientId: string | null): TranscriptChangedMessage {
  return {
    type: "transcript_changed",
    file_id: audioFileId,
    utterance_ids: [...outcome.result.utterances.map((u) => u.id), ...(outcome.result.moved ?? []).map((u) => u.id)],
    removed_utterance_ids: outcome.result.removedUtteranceIds,
    details_changed: outcome.detailsChanged,
    client_id: clientId,
    ...(outcome.result.reload ? { reload: true } : {}),
  };
}
