// Reading a transcript's whole list again (a reconnect, a re-transcription
// undone) and merging it into the open editor.
import type { UtteranceDto } from "../../../../core/transcript";
import type { TranscriptStore } from "./transcript-store";

/**
 * Notes where the store stands before asking, so an answer applied while the list
 * is on its way (the next undo) is not put back by the older list.
 */
export async function reloadAll(
  store: TranscriptStore,
  fetchAll: () => Promise<UtteranceDto[]>,
  keep: (id: string) => boolean,
  stillOpen: () => boolean = () => true,
): Promise<void> {
  const since = store.serverMark();
  const list = await fetchAll();
  if (stillOpen()) store.mergeServer(list, keep, since);
}
