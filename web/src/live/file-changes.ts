// What this tab does with a file's pushed changes and after a gap in hearing them, whichever
// socket brought them (the open file's socket, or the person's channel for details and
// mentions): one set of handlers and one catch-up, so both sockets apply changes the same way.
import type { QueryClient } from "@tanstack/react-query";
import { commentKeys } from "../comments/comments-api";
import { highlightKeys } from "../highlights/highlights-api";
import { commentChangeHandler } from "./comment-changes";
import { highlightChangeHandler } from "./highlight-changes";
import { transcriptChangeHandlers } from "./transcript-changes";

export function fileChangeHandlers(queryClient: QueryClient) {
  const transcripts = transcriptChangeHandlers(queryClient);
  return {
    onTranscriptChanged: transcripts.changed,
    onCommentsChanged: commentChangeHandler(queryClient),
    onHighlightsChanged: highlightChangeHandler(queryClient),
    /**
     * Back after a gap: what was pushed meanwhile is gone, so the file's transcript (merged by the
     * open editor), comments and highlights are read again; with `everyFile`, the cached comments
     * and highlights of other files too (they are read again when next shown).
     */
    catchUp(fileId: string | null, everyFile = false) {
      void queryClient.invalidateQueries({ queryKey: everyFile || !fileId ? commentKeys.all : commentKeys.file(fileId) });
      void queryClient.invalidateQueries({ queryKey: everyFile || !fileId ? highlightKeys.all : highlightKeys.file(fileId) });
      if (fileId) transcripts.reload(fileId);
    },
  };
}
