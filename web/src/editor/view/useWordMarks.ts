// Marks anchored to words (comments, highlights, and whatever else registers marks): edits move
// words in and out of them, so they are worked out again for every new list of utterances and
// once typing pauses, and cleared when the file closes. Features bring what to show; the editor
// says when.
import { useEffect } from "react";
import type { EditableUtterance } from "../model/transcript-store";
import type { EditorSession } from "../session/editor-session";

const MARKS_AFTER_EDIT_MS = 250;

export function useWordMarks<T>(
  session: EditorSession | null,
  data: T | undefined,
  /** A module-level function (not a new one each render): it shows the file's marks for these utterances. */
  show: (fileId: string, utterances: readonly EditableUtterance[], data: T) => void,
  clear: (fileId: string) => void,
): void {
  useEffect(() => {
    if (!session || data === undefined) return;
    const store = session.store;
    const update = () => show(session.audioFileId, store.utterances(), data);
    update();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offList = store.subscribeList(update);
    const offChanges = store.subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(update, MARKS_AFTER_EDIT_MS);
    });
    return () => {
      clearTimeout(timer);
      offList();
      offChanges();
    };
  }, [session, data, show]);
  const fileId = session?.audioFileId ?? "";
  useEffect(() => () => clear(fileId), [fileId, clear]);
}
