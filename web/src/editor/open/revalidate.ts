// What the server's answer replaces once a copy of the transcript has shown (decision 030).
import type { UtteranceDto } from "../../../../core/transcript";
import type { TranscriptStore } from "../model/transcript-store";

/**
 * Everything follows the server's answer except what changed here since the copy
 * showed: utterances with unsaved edits, and those whose confirmed version moved (a
 * save the server confirmed after its answer was read, or a split's new half). Kept
 * ones keep the versions their edits were made on, so a stale edit is refused (409),
 * never written over the server's newer state.
 */
export function mergeOverCopy(
  store: Pick<TranscriptStore, "mergeServer" | "confirmedVersion">,
  answer: readonly UtteranceDto[],
  shownVersions: ReadonlyMap<string, number>,
  pendingFor: (utteranceId: string) => boolean,
): void {
  store.mergeServer(answer, (id) => pendingFor(id) || store.confirmedVersion(id) !== shownVersions.get(id));
}
