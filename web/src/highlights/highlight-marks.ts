// The open file's highlighted words in the text: worked out per utterance with the comments'
// marks (a highlight is anchored like a thread), so a change of highlights draws again only the
// rows whose marks changed, and no word is looked up in every highlight.
import type { HighlightDto } from "../../../common/highlights";
import { allMarkedWords, changedMarks, type CommentMarks, commentMarks, type MarkedUtterance, NO_MARKS } from "../comments/comment-marks";
import { setHighlightedWords, utteranceElements } from "../editor/view/word-dom";

let shown: { fileId: string; marks: CommentMarks } = { fileId: "", marks: NO_MARKS };

/** Where each highlight is in the document now. */
export function highlightMarks(utterances: readonly MarkedUtterance[], highlights: readonly HighlightDto[]): CommentMarks {
  return commentMarks(
    utterances,
    highlights.map((h) => ({ id: h.id, resolved: false, anchor: h })),
  );
}

export function showHighlightMarks(fileId: string, marks: CommentMarks): void {
  const before = shown.fileId === fileId ? shown.marks : NO_MARKS;
  if (before === marks) return;
  const changed = changedMarks(before, marks);
  shown = { fileId, marks };
  const rows = changed.words.map((id) => utteranceElements.get(id)).filter((el): el is HTMLElement => !!el);
  setHighlightedWords(allMarkedWords(marks), rows);
}

export function clearHighlightMarks(fileId: string): void {
  if (shown.fileId === fileId) showHighlightMarks(fileId, NO_MARKS);
}
