// Undo and redo: server-side history, applied to the open editor. Pending
// saves go first, so an undo never overtakes the edit it is meant to undo.
import type { QueryClient } from "@tanstack/react-query";
import type { OperationResultDto } from "../../../../common/transcript-ops";
import { transcriptApi, transcriptKeys } from "../../api/transcripts";
import type { EditorSession } from "./editor-session";

async function step(session: EditorSession, queryClient: QueryClient, direction: "undo" | "redo"): Promise<OperationResultDto | null> {
  await session.queue.flush();
  try {
    const result = await transcriptApi[direction](session.audioFileId);
    // A re-transcription undone or redone: every utterance may differ.
    if (result.reload) session.reload();
    else session.store.reconcile(result);
    return result;
  } catch (error) {
    // docs/product.md#texts: undo and redo failures are logged only.
    console.error(direction === "undo" ? "Failed to undo operation" : "Failed to redo operation", error);
    return null;
  } finally {
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(session.audioFileId) });
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(session.audioFileId) });
  }
}

// Steps run one after another: a quick second click waits for the first.
let running: Promise<unknown> = Promise.resolve();
function queued(session: EditorSession, queryClient: QueryClient, direction: "undo" | "redo") {
  const next = running.then(() => step(session, queryClient, direction));
  running = next.catch(() => undefined);
  return next;
}

export const undo = (session: EditorSession, queryClient: QueryClient) => queued(session, queryClient, "undo");
export const redo = (session: EditorSession, queryClient: QueryClient) => queued(session, queryClient, "redo");
