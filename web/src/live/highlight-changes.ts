// What a pushed highlights change does in this tab, whichever socket brought it: the file's
// highlights are read again, unless this tab made the change (its answer is in the cache already).
import type { QueryClient } from "@tanstack/react-query";
import type { HighlightsChangedMessage } from "../../../common/live-messages";
import { TAB_ID } from "../api/client";
import { highlightKeys } from "../highlights/highlights-api";

export function highlightChangeHandler(queryClient: QueryClient, tabId: string = TAB_ID) {
  return (event: HighlightsChangedMessage) => {
    if (event.client_id === tabId) return;
    void queryClient.invalidateQueries({ queryKey: highlightKeys.file(event.file_id), exact: true });
  };
}
