// Going to a thread's words from the Comments panel: the open editor of the file (which owns the
// caret, the scrolling and the player) registers how, and the panel asks for it by file.
import type { CommentAnchorDto } from "../../../common/comments";

type Jump = (anchor: CommentAnchorDto) => void;

const jumps = new Map<string, Jump>();

export function registerJump(fileId: string, jump: Jump): () => void {
  jumps.set(fileId, jump);
  return () => {
    if (jumps.get(fileId) === jump) jumps.delete(fileId);
  };
}

/** Moves the caret to the anchor's first word, scrolls there and sets playback at its time; false without an open editor. */
export function jumpToAnchor(fileId: string, anchor: CommentAnchorDto): boolean {
  const jump = jumps.get(fileId);
  jump?.(anchor);
  return !!jump;
}
