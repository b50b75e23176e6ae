// What the Highlights panel shows besides its list: the words being highlighted (waiting for a
// label), the label shown, and a highlight to bring forward. Shared by the editor (which starts a
// highlight) and the tools sidebar (which shows it), like the comments' state.
import { proxy } from "valtio";
import { MOBILE_LAYOUT } from "../lib/useMediaQuery";
import { setGroupOpen } from "../workspace/tool-groups";
import { uiState } from "../workspace/ui-state";

/** The words a new highlight is on. */
export interface HighlightDraft {
  fileId: string;
  startWordId: string;
  endWordId: string;
  quote: string;
}

export const highlightsState = proxy({
  draft: null as HighlightDraft | null,
  /** The one label shown; null: all. */
  label: null as string | null,
});

export function startHighlight(draft: HighlightDraft): void {
  highlightsState.draft = draft;
  uiState.toolsCollapsed = false;
  setGroupOpen("comments", true);
  if (typeof matchMedia === "function" && matchMedia(MOBILE_LAYOUT).matches) uiState.mobileToolsOpen = true;
}

export function closeHighlightPicker(): void {
  highlightsState.draft = null;
}
