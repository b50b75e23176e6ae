// What every tool that acts on the selected words shares (comments, highlights, redaction): the
// words selected now, or those selected when focus last left the text (a toolbar button pressed
// from the keyboard), or a word at a point or at the caret where the tool takes one; a hint when
// there are none. The tool brings what to do with the words; it registers nothing else here.
import { useMemo, useRef } from "react";
import type { EditorSession } from "../session/editor-session";
import { toast } from "../../lib/toasts";
import { rangeAtPoint, type SelectedWords, selectedWords, selectionRange } from "./word-selection";

export interface SelectionTool {
  /** Acts on the selected words (or those selected last, or the word at the caret where allowed). */
  add(): void;
  /** Acts on words found earlier (a menu opened on them). */
  addOn(words: SelectedWords): void;
  /** The selected words now, or else the word at a point (a menu opened there). */
  selected(at?: { x: number; y: number }): SelectedWords | null;
  /** Notes the selection as focus leaves the text (a button pressed from the keyboard takes it next). */
  noteSelection(): void;
}

export function useSelectionTool(
  session: EditorSession | null,
  enabled: boolean,
  act: (session: EditorSession, words: SelectedWords) => void,
  options: {
    selectFirst: string;
    /**
     * The word at the caret when nothing is selected: "first" (before the words selected last; a
     * comment), "last" (only when nothing was selected before; a highlight) or "never" (a redaction
     * takes only what the person selected).
     */
    caretWord: "first" | "last" | "never";
  },
): SelectionTool | null {
  const lastSelection = useRef<SelectedWords | null>(null);
  const { selectFirst, caretWord } = options;
  return useMemo<SelectionTool | null>(() => {
    if (!session || !enabled) return null;
    const inText = () => {
      const range = selectionRange();
      if (range && !range.collapsed) return selectedWords(session.store, range);
      return caretWord === "first" ? selectedWords(session.store, range) : null;
    };
    const addOn = (words: SelectedWords) => act(session, words);
    return {
      addOn,
      selected: (at) =>
        inText() ?? (at ? selectedWords(session.store, rangeAtPoint(at.x, at.y)) : selectedWords(session.store, selectionRange())),
      add: () => {
        const words = inText() ?? lastSelection.current ?? (caretWord === "last" ? selectedWords(session.store, selectionRange()) : null);
        if (words) addOn(words);
        else toast(selectFirst, "info");
      },
      noteSelection: () => {
        lastSelection.current = inText();
      },
    };
    // `act` is a module-level function of the tool.
  }, [session, enabled, act, selectFirst, caretWord]);
}
