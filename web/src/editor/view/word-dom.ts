// The words of an utterance as DOM, built imperatively: an editable text the
// browser owns while the user types, so React never reconciles it mid-edit.
// Its text is the words joined by single spaces, which search offsets and
// caret positions rely on.
// A long transcript is drawn lean (word-html.ts) and a text gets every word's span
// when it is pointed at, focused, or one of its words is asked for. A text drawn
// again while far off screen is drawn plain, and with its marks once it comes near.
import type { EditableWord } from "../../../../core/word-diff";
import { lowConfidenceRuns, plainText, wordsHtml } from "./word-html";

/** Word id → its span where one is drawn, for the playing-word highlight and navigation (no DOM queries on hot paths). */
export const wordElements = new Map<string, HTMLElement>();
/** Utterance id → its editable text element (search highlights build ranges in it). */
export const utteranceElements = new Map<string, HTMLElement>();
/** Word id → the editable text holding it, whether or not the word has its span. */
const wordOwners = new Map<string, HTMLElement>();
/** The words each editable text shows, to draw it again in full. */
const drawnWords = new WeakMap<HTMLElement, readonly EditableWord[]>();
/** Editable texts drawn with every word in its span. */
const fullTexts = new WeakSet<HTMLElement>();
const redrawListeners = new Set<() => void>();
let playingWordId: string | null = null;
/** Words under an open comment thread of the open file, underlined where they are drawn. */
let commentedWords: ReadonlySet<string> = new Set();
/** Words under a highlight of the open file, given a quiet background where they are drawn. */
let highlightedWords: ReadonlySet<string> = new Set();
/** Groups of texts the browser skips drawing for now (content-visibility: auto, far off screen). */
const skippedGroups = new WeakSet<Element>();
/** Per skipped group, the texts drawn plain in it and whether they are to get every word's span. */
const waitingIn = new WeakMap<Element, Map<HTMLElement, boolean>>();
/** A text drawn plain → its group's waiting texts. */
const waitingOf = new WeakMap<HTMLElement, Map<HTMLElement, boolean>>();

/**
 * Draws the words, every one in its span or (lean) only the marked ones; by
 * default in the form the element has. Built as one escaped HTML string: the
 * browser's parser makes thousands of spans far faster than DOM calls.
 */
export function renderWords(el: HTMLElement, words: readonly EditableWord[], allSpans = fullTexts.has(el)): void {
  const waiting = skippedGroupOf(el);
  if (waiting) drawPlain(el, words, allSpans, waiting);
  else draw(el, words, allSpans);
}

/** Far off screen only the text counts (find in page, search offsets): the marks wait until it shows. */
function drawPlain(el: HTMLElement, words: readonly EditableWord[], allSpans: boolean, waiting: Map<HTMLElement, boolean>): void {
  forgetWords(el);
  drawnWords.set(el, words);
  fullTexts.delete(el);
  waiting.set(el, allSpans || waiting.get(el) === true);
  waitingOf.set(el, waiting);
  el.textContent = words.map((w) => w.text).join(" ");
  for (let i = 0; i < words.length; i++) wordOwners.set(words[i]!.id, el);
}

function draw(el: HTMLElement, words: readonly EditableWord[], allSpans: boolean): void {
  waitingOf.get(el)?.delete(el);
  waitingOf.delete(el);
  forgetWords(el);
  drawnWords.set(el, words);
  if (allSpans) fullTexts.add(el);
  else fullTexts.delete(el);
  const marks = lowMarks();
  const runs = allSpans || !marks ? null : lowConfidenceRuns(words, playingWordId, commentedWords, highlightedWords);
  const text = allSpans || marks ? null : plainText(words, playingWordId, commentedWords, highlightedWords);
  if (runs) {
    el.textContent = runs.text;
    const node = el.firstChild;
    if (node && runs.low.length) {
      const ranges = runs.low.map(
        ([start, end]) => new StaticRange({ startContainer: node, startOffset: start, endContainer: node, endOffset: end }),
      );
      for (const range of ranges) marks!.add(range);
      markRanges.set(el, ranges);
    }
  } else if (text === null) el.innerHTML = wordsHtml(words, allSpans, playingWordId, commentedWords, highlightedWords);
  else el.textContent = text;
  for (let i = 0; i < words.length; i++) wordOwners.set(words[i]!.id, el);
  const spans = el.children;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as HTMLElement;
    wordElements.set(span.dataset.wordId!, span);
  }
}

/** The waiting texts of the skipped group holding `el`, if it is in one. */
function skippedGroupOf(el: HTMLElement): Map<HTMLElement, boolean> | undefined {
  for (let group = el.parentElement; group; group = group.parentElement) {
    if (!skippedGroups.has(group)) continue;
    const waiting = waitingIn.get(group) ?? new Map<HTMLElement, boolean>();
    waitingIn.set(group, waiting);
    return waiting;
  }
  return undefined;
}

/**
 * Follows whether the browser skips a group of texts (content-visibility: auto): while it does,
 * a text drawn again is drawn plain, and in full once the group comes near the viewport.
 */
export function watchSkipping(group: HTMLElement | null): (() => void) | undefined {
  if (!group) return undefined;
  const changed = (event: Event) => {
    const skipped = (event as ContentVisibilityAutoStateChangeEvent).skipped;
    // Only texts the browser draws keep their low-confidence ranges in the highlight: it
    // checks every range it holds after each change to the page, so a keystroke stays cheap.
    for (const text of group.querySelectorAll<HTMLElement>(".utterance-text")) showMarks(text, !skipped);
    if (skipped) {
      skippedGroups.add(group);
      return;
    }
    skippedGroups.delete(group);
    const waiting = [...(waitingIn.get(group) ?? [])];
    waitingIn.delete(group);
    if (!waiting.length) return;
    for (const [el, allSpans] of waiting) {
      const words = drawnWords.get(el);
      // Left alone while the user types in it: its next drawing from the words has the marks.
      if (!words || !el.isConnected || el.textContent !== words.map((w) => w.text).join(" ")) continue;
      const selection = document.activeElement === el ? selectionOffsets(el) : null;
      draw(el, words, allSpans);
      if (selection) selectOffsets(el, selection);
    }
    // Search highlights in these texts pointed into their old text nodes.
    for (const listener of redrawListeners) listener();
  };
  group.addEventListener("contentvisibilityautostatechange", changed);
  return () => {
    group.removeEventListener("contentvisibilityautostatechange", changed);
    skippedGroups.delete(group);
    waitingIn.delete(group);
  };
}

/** Low-confidence words of texts drawn lean, marked by ranges: one text node per utterance instead of a span and a text per word. */
let lowHighlight: Highlight | null | undefined;
/** The ranges each text drawn lean marks its low-confidence words with. */
const markRanges = new WeakMap<HTMLElement, readonly StaticRange[]>();

/** The highlight for low-confidence words (`::highlight(word-low)`), or null where the browser has none. */
function lowMarks(): Highlight | null {
  if (lowHighlight === undefined) {
    const supported = typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";
    lowHighlight = supported ? new Highlight() : null;
    if (lowHighlight) CSS.highlights.set("word-low", lowHighlight);
  }
  return lowHighlight;
}

/** Puts a text's ranges into the highlight, or takes them out while the browser skips drawing the text. */
function showMarks(el: HTMLElement, shown: boolean): void {
  for (const range of markRanges.get(el) ?? []) {
    if (shown) lowHighlight?.add(range);
    else lowHighlight?.delete(range);
  }
}

function dropMarks(el: HTMLElement): void {
  const ranges = markRanges.get(el);
  if (!ranges) return;
  markRanges.delete(el);
  for (const range of ranges) lowHighlight?.delete(range);
}

export function forgetWords(el: HTMLElement): void {
  dropMarks(el);
  for (const word of drawnWords.get(el) ?? []) {
    if (wordOwners.get(word.id) === el) wordOwners.delete(word.id);
    if (wordElements.get(word.id)?.parentNode === el) wordElements.delete(word.id);
  }
}

/** Whether every word of the element has its span. */
export function hasAllSpans(el: HTMLElement): boolean {
  return fullTexts.has(el);
}

/**
 * Draws every word's span in a text drawn lean, keeping the selection in it.
 * Left alone while its text differs from the words drawn (the user is typing in it).
 */
export function showAllSpans(el: HTMLElement): boolean {
  const words = drawnWords.get(el);
  if (!words || fullTexts.has(el)) return false;
  if (el.textContent !== words.map((w) => w.text).join(" ")) return false;
  const selection = selectionOffsets(el);
  draw(el, words, true);
  if (selection) selectOffsets(el, selection);
  for (const listener of redrawListeners) listener();
  return true;
}

/**
 * Sets the words under open comments and draws again the texts whose marks changed (each
 * keeping its selection); a text being typed in gets them at its next drawing from the words.
 */
export function setCommentedWords(words: ReadonlySet<string>, changed: readonly HTMLElement[]): void {
  commentedWords = words;
  redrawMarks(changed);
}

/** Sets the highlighted words and draws again the texts whose marks changed, as `setCommentedWords`. */
export function setHighlightedWords(words: ReadonlySet<string>, changed: readonly HTMLElement[]): void {
  highlightedWords = words;
  redrawMarks(changed);
}

function redrawMarks(changed: readonly HTMLElement[]): void {
  let redrawn = false;
  for (const el of changed) {
    const drawn = drawnWords.get(el);
    if (!drawn || !el.isConnected || el.textContent !== drawn.map((w) => w.text).join(" ")) continue;
    const selection = document.activeElement === el ? selectionOffsets(el) : null;
    renderWords(el, drawn);
    if (selection) selectOffsets(el, selection);
    redrawn = true;
  }
  if (redrawn) for (const listener of redrawListeners) listener();
}

/** A word's span, drawing its text in full if the word has none yet. */
export function wordElement(wordId: string): HTMLElement | undefined {
  const span = wordElements.get(wordId);
  if (span) return span;
  const owner = wordOwners.get(wordId);
  if (owner && showAllSpans(owner)) return wordElements.get(wordId);
  return undefined;
}

/**
 * Marks the playing word and returns what to bring into view: its span, or while
 * its text is drawn lean, the text itself, drawn in full in the next frame (no
 * layout forced while the player reports time).
 */
export function setPlayingWord(wordId: string | null): HTMLElement | undefined {
  if (playingWordId) wordElements.get(playingWordId)?.classList.remove("word--playing");
  playingWordId = wordId;
  if (!wordId) return undefined;
  const span = wordElements.get(wordId);
  if (span) {
    span.classList.add("word--playing");
    return span;
  }
  const owner = wordOwners.get(wordId);
  if (owner) showAllSpansSoon(owner);
  return owner;
}

const soon = new Set<HTMLElement>();
let soonFrame = 0;
function showAllSpansSoon(el: HTMLElement): void {
  soon.add(el);
  if (soonFrame) return;
  soonFrame = requestAnimationFrame(() => {
    soonFrame = 0;
    for (const text of soon) if (text.isConnected) showAllSpans(text);
    soon.clear();
  });
}

/** Called after a text is drawn again in full: ranges into its old text nodes are gone. */
export function onWordsRedrawn(listener: () => void): () => void {
  redrawListeners.add(listener);
  return () => redrawListeners.delete(listener);
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

/**
 * The word at a point of the element's text, by text offset: for a click that
 * landed on a text drawn lean, whose target is the text rather than a word's span.
 */
export function wordIdAtPoint(el: HTMLElement, x: number, y: number): string | null {
  const position = caretAtPoint(x, y);
  if (!position || !el.contains(position.node)) return null;
  const before = document.createRange();
  before.selectNodeContents(el);
  before.setEnd(position.node, position.offset);
  const index = Math.max(0, wordIndexAtOffset(el.textContent ?? "", before.toString().length + 1) - 1);
  return drawnWords.get(el)?.[index]?.id ?? null;
}

function caretAtPoint(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === "function") {
    const position = document.caretPositionFromPoint(x, y);
    return position && { node: position.offsetNode, offset: position.offset };
  }
  // Safari before 18.2.
  const range = document.caretRangeFromPoint(x, y);
  return range && { node: range.startContainer, offset: range.startOffset };
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
  if (!fullTexts.has(el)) return drawnWords.get(el)?.[index]?.id ?? null;
  const spans = el.querySelectorAll<HTMLElement>("[data-word-id]");
  return spans[index]?.dataset.wordId ?? null;
}
