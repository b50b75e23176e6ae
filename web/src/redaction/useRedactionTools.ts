import { useMemo, useRef } from "react";
import { type SelectedWords, selectedWords, selectionRange } from "../comments/selection";
import type { EditorSession } from "../editor/session/editor-session";
import type { TranscriptStore } from "../editor/model/transcript-store";
import { usePageCommand } from "../editor/view/usePageCommand";
import { toast } from "../lib/toasts";
import { redactionState } from "./redaction-state";
import { REDACTION_TEXTS } from "./redaction-texts";

export interface RedactionTools {
  /** Asks to redact the selected words (or those selected last). */
  add(): void;
  /** Asks to redact words found earlier (a menu opened on them). */
  addOn(words: SelectedWords): void;
  /** Opens "Find what to redact". */
  find(): void;
  noteSelection(): void;
}

/** A selection as one range per utterance it covers (a redaction covers words of one utterance). */
export function rangesOf(store: TranscriptStore, words: SelectedWords): { startWordId: string; endWordId: string }[] {
  const list = store.utterances();
  const at = (wordId: string) => {
    for (let u = 0; u < list.length; u++) {
      const w = list[u]!.transcriptWords.findIndex((x) => x.id === wordId);
      if (w >= 0) return { u, w };
    }
    return null;
  };
  const [a, b] = [at(words.startWordId), at(words.endWordId)];
  if (!a || !b) return [];
  const ranges = [];
  for (let u = a.u; u <= b.u; u++) {
    const ws = list[u]!.transcriptWords;
    if (!ws.length) continue;
    ranges.push({ startWordId: ws[u === a.u ? a.w : 0]!.id, endWordId: ws[u === b.u ? b.w : ws.length - 1]!.id });
  }
  return ranges;
}

/** Redaction in the open file's editor, for editors and owners (null for everyone else). */
export function useRedactionTools(session: EditorSession | null, canRedact: boolean): RedactionTools | null {
  const lastSelection = useRef<SelectedWords | null>(null);
  const tools = useMemo<RedactionTools | null>(() => {
    if (!session || !canRedact) return null;
    const addOn = (words: SelectedWords) => {
      const ranges = rangesOf(session.store, words);
      if (ranges.length) redactionState.draft = { fileId: session.audioFileId, ranges, quote: words.quote };
    };
    const selected = () => {
      const range = selectionRange();
      return range && !range.collapsed ? selectedWords(session.store, range) : null;
    };
    return {
      addOn,
      add: () => {
        const words = selected() ?? lastSelection.current;
        if (words) addOn(words);
        else toast(REDACTION_TEXTS.selectFirst, "info");
      },
      find: () => {
        redactionState.finder = session.audioFileId;
      },
      noteSelection: () => {
        lastSelection.current = selected();
      },
    };
  }, [session, canRedact]);
  const context = useMemo(() => (tools ? { redact: tools } : null), [tools]);
  usePageCommand(context);
  return tools;
}
