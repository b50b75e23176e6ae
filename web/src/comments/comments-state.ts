// What the Comments panel shows besides its threads: the comment being written on the selected
// words, the thread to bring forward (from a marker in the text or a link), and the filter.
// Shared by the editor (which starts a comment) and the tools sidebar (which shows it).
import { proxy } from "valtio";
import { MOBILE_LAYOUT } from "../lib/useMediaQuery";
import { setGroupOpen } from "../workspace/tool-groups";
import { uiState } from "../workspace/ui-state";
import type { ThreadFilter } from "./thread-list";

/** The address of a thread (an e-mail's link): `/dashboard/file/{id}?comment={threadId}`. */
export const COMMENT_PARAM = "comment";

/** The words a new comment is on. */
export interface CommentDraft {
  fileId: string;
  startWordId: string;
  endWordId: string;
  quote: string;
}

export const commentsState = proxy({
  draft: null as CommentDraft | null,
  /** A thread to scroll to and focus in the panel; `seq` asks again for the same one. */
  focus: null as { threadId: string; seq: number } | null,
  filter: "open" as ThreadFilter,
});

/** The tools sidebar out, for this time only (the saved preference stays as it was), its comments open. */
function revealPanel(): void {
  uiState.toolsCollapsed = false;
  setGroupOpen("comments", true);
  if (typeof matchMedia === "function" && matchMedia(MOBILE_LAYOUT).matches) uiState.mobileToolsOpen = true;
}

export function startComment(draft: CommentDraft): void {
  commentsState.draft = draft;
  revealPanel();
}

export function closeComposer(): void {
  commentsState.draft = null;
}

export function showThread(threadId: string): void {
  commentsState.focus = { threadId, seq: (commentsState.focus?.seq ?? 0) + 1 };
  revealPanel();
}
