// What a pushed comments change does in this tab, whichever socket brought it (the user's own
// channel for a personal file, an open team file's socket): the file's threads are read again,
// unless this tab made the change (its answer is in the cache already); the count of threads
// mentioning the user is read again either way (a resolve may take one off).
import type { QueryClient } from "@tanstack/react-query";
import type { CommentsChangedMessage } from "../../../common/live-messages";
import { TAB_ID } from "../api/client";
import { commentKeys } from "../comments/comments-api";

export function commentChangeHandler(queryClient: QueryClient, tabId: string = TAB_ID) {
  return (event: CommentsChangedMessage) => {
    void queryClient.invalidateQueries({ queryKey: commentKeys.mentions, exact: true });
    if (event.client_id === tabId) return;
    void queryClient.invalidateQueries({ queryKey: commentKeys.file(event.file_id), exact: true });
  };
}
