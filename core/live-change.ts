// The live message that tells the other tabs on a transcript what an edit changed (which
// utterances, and whether the details), so they reload only that.
import type { EditOutcome } from "./outcome";

/** Another tab (or undo/redo) changed a transcript: reload the utterances named (its schema: common/live-messages.ts). */
export interface TranscriptChangedMessage {
  type: "transcript_changed";
  file_id: string;
  /** Utterances created or changed; removed ones are listed apart. */
  utterance_ids: string[];
  removed_utterance_ids: string[];
  /** Speakers, summary or notes changed too: reload the transcript's details. */
  details_changed: boolean;
  /** The tab that made the change (its X-Client-Id header), which already shows it. */
  client_id: string | null;
  /** The whole transcript changed (undo/redo of a re-transcription): reload it all. */
  reload?: boolean;
}

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

/** Only the details changed (a generated summary or chapters landed, or failed), from no tab. */
export const detailsChangedMessage = (audioFileId: string): TranscriptChangedMessage => ({
  type: "transcript_changed",
  file_id: audioFileId,
  utterance_ids: [],
  removed_utterance_ids: [],
  details_changed: true,
  client_id: null,
});
