// The words of an utterance as HTML, in one of two forms with the same text (the
// words joined by single spaces, which search offsets and caret positions rely on):
// every word in its span, or lean, where only words that carry a mark (low
// confidence, inaudible, edited, playing, under an open comment or a highlight) have one and the others are bare text.
// Lean keeps a 3-hour transcript near one DOM node per word run instead of three per word;
// where the browser can mark text by ranges (CSS custom highlights), a text whose only marks
// are low confidence is one text node, its low-confidence words marked by ranges.
import type { EditableWord } from "../../../../core/word-diff";
import { LOW_CONFIDENCE_THRESHOLD } from "./display";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Words under an open comment thread or a highlight (none by default: a shared page shows neither). */
const NONE: ReadonlySet<string> = new Set();

export function wordClass(word: EditableWord, playingWordId: string | null = null, commented = NONE, highlighted = NONE): string {
  let c = "word";
  if (word.confidenceScore === 0) c += " word--inaudible";
  else if (word.confidenceScore < LOW_CONFIDENCE_THRESHOLD) c += " word--low";
  if (word.isNew || word.isModified) c += " word--edited";
  if (word.id === playingWordId) c += " word--playing";
  if (commented.has(word.id)) c += " word--commented";
  if (highlighted.has(word.id)) c += " word--highlighted";
  return c;
}

function wordTitle(word: EditableWord): string {
  if (word.confidenceScore === 0) return "Inaudible";
  if (word.confidenceScore < LOW_CONFIDENCE_THRESHOLD) return `Low confidence (${Math.round(word.confidenceScore * 100)}%)`;
  return "";
}

/** The words' text when, drawn lean, none of them needs a span (no HTML to parse); else null. */
export function plainText(
  words: readonly EditableWord[],
  playingWordId: string | null = null,
  commented = NONE,
  highlighted = NONE,
): string | null {
  for (const word of words) if (wordClass(word, playingWordId, commented, highlighted) !== "word") return null;
  return words.map((w) => w.text).join(" ");
}

/**
 * Drawn lean, the words' text and where its low-confidence words are (text offsets), when that
 * is their only mark: they are then marked by ranges (word-dom.ts) instead of spans. Null when a
 * word carries another mark, which needs its span.
 */
export function lowConfidenceRuns(
  words: readonly EditableWord[],
  playingWordId: string | null = null,
  commented = NONE,
  highlighted = NONE,
): { text: string; low: [number, number][] } | null {
  const low: [number, number][] = [];
  let text = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const c = wordClass(word, playingWordId, commented, highlighted);
    if (i > 0) text += " ";
    if (c === LOW) low.push([text.length, text.length + word.text.length]);
    else if (c !== "word") return null;
    text += word.text;
  }
  return { text, low };
}

const LOW = "word word--low";

/** The words as HTML: all in spans, or (lean) only the marked ones. */
export function wordsHtml(
  words: readonly EditableWord[],
  allSpans: boolean,
  playingWordId: string | null = null,
  commented = NONE,
  highlighted = NONE,
): string {
  let html = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const c = wordClass(word, playingWordId, commented, highlighted);
    if (i > 0) html += " ";
    if (!allSpans && c === "word") {
      html += escapeHtml(word.text);
      continue;
    }
    const title = wordTitle(word);
    html += `<span data-word-id="${escapeHtml(word.id)}" class="${c}"${title ? ` title="${title}"` : ""}>${escapeHtml(word.text)}</span>`;
  }
  return html;
}
