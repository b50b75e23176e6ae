// The words a selection in the transcript covers, for a new comment: from the first word it
// touches to the last, within one utterance or across several. Found from text offsets in the
// utterance texts (the words joined by spaces), read against the editor's document.
import type { TranscriptStore } from "../model/transcript-store";
import { firstWordAt, lastWordAt, wordSpanAt } from "../../comments/word-span";

export interface SelectedWords {
  startWordId: string;
  endWordId: string;
  /** The words' text (shortened past a few hundred words). */
  quote: string;
}

const QUOTE_WORDS = 300;

interface Edge {
  utteranceId: string;
  /** The text offset in the utterance's text; null: the selection edge is on the row but outside its text. */
  offset: number | null;
  /** Before the row's text (its speaker and times) or after it. */
  side: "before" | "in";
  text: string;
}

function edgeAt(node: Node, offset: number): Edge | null {
  const element = node instanceof Element ? node : node.parentElement;
  const row = element?.closest<HTMLElement>("[data-utterance-id]");
  const utteranceId = row?.dataset.utteranceId;
  const textEl = row?.querySelector<HTMLElement>(".utterance-text");
  if (!row || !utteranceId || !textEl) return null;
  const text = textEl.textContent ?? "";
  if (!textEl.contains(node)) return { utteranceId, offset: null, side: "before", text };
  const before = document.createRange();
  before.selectNodeContents(textEl);
  before.setEnd(node, offset);
  return { utteranceId, offset: before.toString().length, side: "in", text };
}

/** The selection's range, if there is one. */
export function selectionRange(): Range | null {
  const selection = getSelection();
  return selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
}

/** A collapsed range at a point of the window (where a right click landed). */
export function rangeAtPoint(x: number, y: number): Range | null {
  const range = document.createRange();
  if (typeof document.caretPositionFromPoint === "function") {
    const position = document.caretPositionFromPoint(x, y);
    if (!position) return null;
    range.setStart(position.offsetNode, position.offset);
    return range;
  }
  return document.caretRangeFromPoint?.(x, y) ?? null;
}

/** The words a range in the transcript covers (the selection's by default), or null when it is not on any. */
export function selectedWords(store: TranscriptStore, range: Range | null = selectionRange()): SelectedWords | null {
  if (!range) return null;
  const start = edgeAt(range.startContainer, range.startOffset);
  const end = range.collapsed ? start : edgeAt(range.endContainer, range.endOffset);
  if (!start || !end) return null;
  const startWords = store.utterance(start.utteranceId)?.transcriptWords;
  const endWords = store.utterance(end.utteranceId)?.transcriptWords;
  if (!startWords || !endWords) return null;

  let first: { utteranceId: string; index: number } | null = null;
  let last: { utteranceId: string; index: number } | null = null;
  if (start === end && start.offset !== null) {
    const span = wordSpanAt(start.text, start.offset, start.offset);
    if (span) first = last = { utteranceId: start.utteranceId, index: span.first };
  } else {
    const a = start.offset === null ? 0 : firstWordAt(start.text, start.offset);
    if (a !== null) first = { utteranceId: start.utteranceId, index: a };
    else {
      const next = store.next(start.utteranceId);
      if (next?.transcriptWords.length) first = { utteranceId: next.id, index: 0 };
    }
    // An end on a row's speaker or times (a triple click) closes the selection at the row before.
    const b = end.offset === null ? null : lastWordAt(end.text, end.offset);
    if (b !== null) last = { utteranceId: end.utteranceId, index: b };
    else {
      const previous = store.previous(end.utteranceId);
      if (previous?.transcriptWords.length) last = { utteranceId: previous.id, index: previous.transcriptWords.length - 1 };
    }
  }
  if (!first || !last) return null;
  return wordsBetween(store, first, last);
}

function wordsBetween(
  store: TranscriptStore,
  first: { utteranceId: string; index: number },
  last: { utteranceId: string; index: number },
): SelectedWords | null {
  const from = store.indexOf(first.utteranceId);
  const to = store.indexOf(last.utteranceId);
  if (from < 0 || to < from) return null;
  const list = store.utterances();
  const words: string[] = [];
  for (let u = from; u <= to && words.length <= QUOTE_WORDS; u++) {
    const all = list[u]!.transcriptWords;
    const end = u === to ? last.index : all.length - 1;
    for (let w = u === from ? first.index : 0; w <= end && words.length <= QUOTE_WORDS; w++) words.push(all[w]!.text);
  }
  const startWord = list[from]!.transcriptWords[first.index];
  const endWord = list[to]!.transcriptWords[last.index];
  if (!startWord || !endWord || (from === to && last.index < first.index)) return null;
  const quote = words.length > QUOTE_WORDS ? `${words.slice(0, QUOTE_WORDS).join(" ")} …` : words.join(" ");
  return { startWordId: startWord.id, endWordId: endWord.id, quote };
}
