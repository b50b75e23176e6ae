import { useMemo } from "react";
import type { HighlightDto } from "../../../common/highlights";
import type { EditableUtterance } from "../editor/model/transcript-store";
import { useWordMarks } from "../editor/view/useWordMarks";
import { usePageCommand } from "../editor/view/usePageCommand";
import { useHighlights } from "./highlights-api";
import type { SelectedWords } from "../editor/view/word-selection";
import { useSelectionTool } from "../editor/view/useSelectionTool";
import type { EditorSession } from "../editor/session/editor-session";
import { clearHighlightMarks, highlightMarks, showHighlightMarks } from "./highlight-marks";
import { HIGHLIGHT_TEXTS } from "./highlight-texts";
import { startHighlight } from "./highlights-state";

const startOn = (session: EditorSession, words: SelectedWords) => startHighlight({ fileId: session.audioFileId, ...words });

const showMarks = (fileId: string, utterances: readonly EditableUtterance[], data: readonly HighlightDto[]) =>
  showHighlightMarks(fileId, highlightMarks(utterances, data));

export interface HighlightTools {
  /** Asks for a label for the selected words (or the word at the caret). */
  add(): void;
  /** Asks for a label for words found earlier (a menu opened on them). */
  addOn(words: SelectedWords): void;
  /** Notes the selection as focus leaves the text (a button pressed from the keyboard takes it next). */
  noteSelection(): void;
}

/**
 * The highlights of the open file in its editor: the highlighted words marked (worked out again
 * per list and once edits settle), and highlighting the selected words. Null where the user may
 * not highlight (viewers).
 */
export function useHighlightTools(session: EditorSession | null, canHighlight: boolean): HighlightTools | null {
  const fileId = session?.audioFileId ?? "";
  const data = useHighlights(fileId, !!session).data;

  useWordMarks(session, data, showMarks, clearHighlightMarks);

  const tools = useSelectionTool(session, canHighlight, startOn, { selectFirst: HIGHLIGHT_TEXTS.selectFirst, caretWord: "last" });

  const context = useMemo(() => (tools ? { highlight: tools } : null), [tools]);
  usePageCommand(context);

  return tools;
}
