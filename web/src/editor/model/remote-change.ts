// Another tab (or an undo there) changed a transcript: the live message names
// the utterances created or changed and those removed. Only the named ones are
// fetched (a one-word edit in a 3-hour transcript costs one utterance, not 4.7 MB).
import type { TranscriptChangedMessage } from "../../../../core/live-change";
import type { UtteranceDto } from "../../../../core/transcript";
import type { TranscriptStore } from "./transcript-store";

export type RemoteChange = Pick<TranscriptChangedMessage, "utterance_ids" | "removed_utterance_ids">;

/**
 * Fetches the named utterances and merges them, keeping those with unsaved local
 * edits. A named utterance the server no longer has was removed since the
 * message was sent (e.g. merged away): it goes too.
 */
export async function applyRemoteChange(
  store: TranscriptStore,
  change: RemoteChange,
  fetchUtterances: (ids: string[]) => Promise<UtteranceDto[]>,
  keep: (id: string) => boolean,
): Promise<void> {
  const named = [...new Set(change.utterance_ids)];
  const fresh = named.length ? await fetchUtterances(named) : [];
  const present = new Set(fresh.map((u) => u.id));
  const removed = new Set([...change.removed_utterance_ids, ...named.filter((id) => !present.has(id))]);
  store.mergeSome(fresh, [...removed], keep);
}
