// Tells every open tab of a transcript's owner that it changed (and which
// utterances), so other tabs reload them. Never fails the caller.
import type { TranscriptChangedMessage } from "../../common/live-messages";
import { userChannel } from "../channel";
import type { EditOutcome } from "./operations";

export function transcriptChangedMessage(audioFileId: string, outcome: EditOutcome, clientId: string | null): TranscriptChangedMessage {
  return {
    type: "transcript_changed",
    file_id: audioFileId,
    utterance_ids: outcome.result.utterances.map((u) => u.id),
    removed_utterance_ids: outcome.result.removedUtteranceIds,
    details_changed: outcome.detailsChanged,
    client_id: clientId,
  };
}

export async function publishTranscriptChanged(env: Env, userId: string, message: TranscriptChangedMessage): Promise<void> {
  try {
    const stub = await userChannel(env, userId);
    await stub.publish(message);
  } catch (error) {
    console.error("Could not publish transcript change", message.file_id, error);
  }
}
