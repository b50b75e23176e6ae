// The word a new chapter or a moved boundary goes to: the transcript's selection (its first
// word) or caret, remembered as it changes, since pressing a button in the panel moves focus
// away from the text; else the word being played.
import { useEffect, useRef } from "react";
import { selectedWords, selectionRange } from "../comments/selection";
import { openSession } from "../editor/model/open-sessions";
import { playbackOf } from "./playback-link";

export function useSelectedWord(fileId: string): () => string | null {
  const last = useRef<string | null>(null);
  useEffect(() => {
    last.current = null;
    const note = () => {
      const range = selectionRange();
      const store = openSession(fileId)?.store;
      const node = range?.startContainer;
      const element = node instanceof Element ? node : node?.parentElement;
      if (!store || !element?.closest("[data-testid=transcript]")) return;
      last.current = selectedWords(store, range)?.startWordId ?? last.current;
    };
    document.addEventListener("selectionchange", note);
    return () => document.removeEventListener("selectionchange", note);
  }, [fileId]);
  return () => last.current ?? playbackOf(fileId)?.activeWordId ?? null;
}
