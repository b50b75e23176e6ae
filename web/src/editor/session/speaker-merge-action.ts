// Merging speakers from the UI: the operation goes through the file's editor
// session (optimistic, then the save queue after any pending edits).
import { toast } from "../../lib/toasts";
import type { TranscriptEditor } from "../model/editor";

export function mergeSpeakersFromUi(
  editor: TranscriptEditor,
  from: { id: string; displayName: string },
  into: { id: string; displayName: string },
): boolean {
  const queued = editor.mergeSpeakers(from.id, into.id);
  if (queued) toast(`Merged ${from.displayName} into ${into.displayName}`, "success");
  else toast(`Could not merge ${from.displayName} into ${into.displayName}`, "error");
  return queued;
}
