// Text entering an utterance from outside the keyboard (a paste, a stray control
// character): what may enter, and where the caret lands once the words are redrawn.
import { toPlainText } from "../../../../core/plain-text";
import { tokenize } from "../../../../core/word-diff";

/** Clipboard text as it may enter an utterance: one line of plain text (no controls, as the server refuses them in words). */
export const pastedText = (raw: string): string => toPlainText(raw).replace(/\s+/g, " ");

/**
 * The utterance's text with [start, end) replaced by `inserted`, and the caret's offset
 * in that text as the editor redraws it (its words joined by single spaces).
 */
export function replaceRange(text: string, start: number, end: number, inserted: string): { text: string; caret: number } {
  const before = text.slice(0, start) + inserted;
  const after = text.slice(end);
  const head = tokenize(before).join(" ");
  // A space the caret followed survives the redraw only between two words.
  const keepsSpace = head !== "" && /\s$/.test(before) && tokenize(after).length > 0;
  return { text: before + after, caret: head.length + (keepsSpace ? 1 : 0) };
}

/** The text as plain text (core/plain-text.ts), and the caret's offset in it as redrawn. */
export function withoutControls(text: string, caret: number): { text: string; caret: number } {
  const head = toPlainText(text.slice(0, caret));
  return replaceRange(head + toPlainText(text.slice(caret)), head.length, head.length, "");
}
