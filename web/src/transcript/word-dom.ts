// The words of an utterance as DOM, built imperatively: an editable text the
// browser owns while the user types, so React never reconciles it mid-edit.
// Its text is the words joined by single spaces, which search offsets and
// caret positions rely on.
import { LOW_CONFIDENCE_THRESHOLD } from "./display";
import type { EditableWord } from "../../../common/word-diff";

/** Word id → its span, for the playing-word highlight and navigation (no DOM queries on hot paths). */
export const wordElements = new Map<string, HTMLElement>();
/** Utterance id → its editable text element (search highlights build ranges in it). */
export const utteranceElements = new Map<string, HTMLElement>();

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Draws the words as spans separated by spaces. Built as one escaped HTML
 * string: the browser's parser makes 30,000 spans far faster than DOM calls.
 */
export function renderWords(el: HTMLElement, words: readonly EditableWord[]): void {
  if (el.firstChild) forgetWords(el);
  let html = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const title =
      word.confidenceScore === 0
        ? "Inaudible"
        : word.confidenceScore < LOW_CONFIDENCE_THRESHOLD
          ? `Low confidence (${Math.round(word.confidenceScore * 100)}%)`
          : "";
    html += `${i > 0 ? " " : ""}<span data-word-id="${escapeHtml(word.id)}" class="${wordClass(word)}"${title ? ` title="${title}"` : ""}>${escapeHtml(word.text)}</span>`;
  }
  el.innerHTML = html;
  const spans = el.children;
  for (let i = 0; i < spans.length; i++) wordElements.set(words[i]!.id, spans[i] as HTMLElement);
}

export function forgetWords(el: HTMLElement): void {
  for (const span of el.querySelectorAll<HTMLElement>("[data-word-id]")) {
    if (wordElements.get(span.dataset.wordId!) === span) wordElements.delete(span.dataset.wordId!);
  }
}

function wordClass(word: EditableWord): string {
  let c = "word";
  if (word.confidenceScore === 0) c += " word--inaudible";
  else if (word.confidenceScore < LOW_CONFIDENCE_THRESHOLD) c += " word--low";
  if (word.isNew || word.isModified) c += " word--edited";
  return c;
}

/** The caret's offset in the element's text, or null when the selection is elsewhere or not collapsed. */
export function caretOffset(el: HTMLElement): number | null {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!el.contains(range.startContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(el);
  before.setEnd(range.startContainer, range.startOffset);
  return before.toString().length;
}

/**
 * Whether the caret sits in an element the browser made rather than in one of the word spans
 * (typing where a styled word was deleted gets that word's colours as <font> and style spans).
 */
export function caretInForeignElement(el: HTMLElement): boolean {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return false;
  for (let node = selection.getRangeAt(0).startContainer.parentNode; node && node !== el; node = node.parentNode) {
    if (!(node instanceof HTMLElement && node.dataset.wordId && node.parentNode === el)) return true;
  }
  return false;
}

/** The selection inside the element as text offsets (collapsed or not), or null when it is elsewhere. */
export function selectionOffsets(el: HTMLElement): { start: number; end: number } | null {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(el);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

/** Restores a selection saved by selectionOffsets after the words were redrawn. */
export function selectOffsets(el: HTMLElement, { start, end }: { start: number; end: number }): void {
  const from = textPosition(el, start);
  const to = textPosition(el, end);
  const selection = getSelection();
  if (!from || !to || !selection) return;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Puts the caret at a text offset inside the element. */
export function placeCaret(el: HTMLElement, offset: number): void {
  const position = textPosition(el, offset);
  const selection = getSelection();
  if (!selection) return;
  const range = document.createRange();
  if (position) range.setStart(position.node, position.offset);
  else range.selectNodeContents(el);
  range.collapse(!!position);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The text node and offset at a character offset of the element's text. */
export function textPosition(el: HTMLElement, offset: number): { node: Text; offset: number } | null {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let remaining = offset;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (remaining <= node.length) return { node, offset: remaining };
    remaining -= node.length;
    last = node;
  }
  return last ? { node: last, offset: last.length } : null;
}

/** Index of the first word starting at or after `offset` in text made of the words joined by spaces. */
export function wordIndexAtOffset(text: string, offset: number): number {
  let index = 0;
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index >= offset) return index;
    // Inside a word: the split happens after it.
    index++;
  }
  return index;
}

/** The word under the caret (or just before it), for Ctrl/Cmd+I. */
export function wordIdAtCaret(el: HTMLElement): string | null {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  let node: Node | null = selection.getRangeAt(0).startContainer;
  while (node && node !== el) {
    if (node instanceof HTMLElement && node.dataset.wordId) return node.dataset.wordId;
    node = node.parentNode;
  }
  const offset = caretOffset(el);
  if (offset === null) return null;
  const text = el.textContent ?? "";
  const index = Math.max(0, wordIndexAtOffset(text, offset + 1) - 1);
  const spans = el.querySelectorAll<HTMLElement>("[data-word-id]");
  return spans[index]?.dataset.wordId ?? null;
}
