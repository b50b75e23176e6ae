// The word a new chapter or a moved boundary goes to: the transcript's selection (its first
// word) or caret, remembered as it changes, since pressing a button in the panel moves focus
// away from the text, and read again when asked (the caret may have been placed before the
// panel was drawn); else the word being played.
import { useEffect, useRef } from "react";
import { selectedWords, selectionRange } from "../editor/view/word-selection";
import { openSession } from "../editor/session/open-sessions";
import { playbackOf } from "./playback-link";

/** The first word of the selection or caret in the file's transcript, if it is there. */
function wordAtSelection(fileId: string): string | null {
  const range = selectionRange();
  const store = openSession(fileId)?.store;
  const node = range?.startContainer;
  const element = node instanceof Element ? node : node?.parentElement;
  if (!store || !element?.closest("[data-testid=transcript]")) return null;
  return selectedWords(store, range)?.startWordId ?? null;
}

export function useSelectedWord(fileId: string): () => string | null {
  const last = useRef<string | null>(null);
  useEffect(() => {
    last.current = null;
    const note = () => {
      last.current = wordAtSelection(fileId) ?? last.current;
    };
    document.addEventListener("selectionchange", note);
    return () => document.removeEventListener("selectionchange", note);
  }, [fileId]);
  return () => wordAtSelection(fileId) ?? last.current ?? playbackOf(fileId)?.activeWordId ?? null;
}
