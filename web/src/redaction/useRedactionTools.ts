import { useMemo } from "react";
import type { SelectedWords } from "../editor/view/word-selection";
import { useSelectionTool } from "../editor/view/useSelectionTool";
import type { EditorSession } from "../editor/session/editor-session";
import type { TranscriptStore } from "../editor/model/transcript-store";
import { usePageCommand } from "../editor/view/usePageCommand";
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

const draftOn = (session: EditorSession, words: SelectedWords) => {
  const ranges = rangesOf(session.store, words);
  if (ranges.length) redactionState.draft = { fileId: session.audioFileId, ranges, quote: words.quote };
};

/** Redaction in the open file's editor, for editors and owners (null for everyone else). */
export function useRedactionTools(session: EditorSession | null, canRedact: boolean): RedactionTools | null {
  const selection = useSelectionTool(session, canRedact, draftOn, { selectFirst: REDACTION_TEXTS.selectFirst, caretWord: "never" });
  const tools = useMemo<RedactionTools | null>(
    () =>
      selection && session
        ? {
            ...selection,
            find: () => {
              redactionState.finder = session.audioFileId;
            },
          }
        : null,
    [selection, session],
  );
  const context = useMemo(() => (tools ? { redact: tools } : null), [tools]);
  usePageCommand(context);
  return tools;
}
