// What a pushed transcript change does in this tab, whichever socket brought it (the user's
// own channel's details_changed, or the open file's socket): one handler, so the open editor's catch-up is
// the only path that applies remote changes, and a change heard twice is merged once.
import type { QueryClient } from "@tanstack/react-query";
import type { TranscriptChangedMessage } from "../../../core/live-change";
import { TAB_ID } from "../api/client";
import { transcriptKeys } from "../api/transcripts";
import { transcriptChanged, transcriptReloaded } from "./transcript-events";

export function transcriptChangeHandlers(queryClient: QueryClient) {
  /** Details and history from the cache, the utterances by the open editor itself. */
  const reload = (fileId: string) => {
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.all(fileId) });
    transcriptReloaded(fileId);
  };
  /**
   * Another tab (or an undo there) changed a transcript: the open editor fetches the utterances
   * named and merges them, keeping any with unsaved local edits; the details are fetched only
   * when they changed. Our own echoes are skipped.
   */
  const changed = (event: TranscriptChangedMessage) => {
    if (event.client_id === TAB_ID) return;
    if (event.reload) return reload(event.file_id);
    transcriptChanged(event);
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(event.file_id) });
    if (event.details_changed) void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(event.file_id) });
  };
  return { reload, changed };
}
