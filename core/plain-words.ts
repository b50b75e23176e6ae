// A speech service's words made to follow the rules edits follow (docs/security.md): plain
// text of at most 100 characters a word, times in order and within the recording. What an
// edit would be refused for is repaired here, so a stored utterance never starts uneditable.
import { BIDI_CONTROLS, CONTROL_CHARACTERS, LINE_BREAKS } from "./plain-text";
import { EDIT_LIMITS } from "./edit-limits";

export interface TimedText {
  text: string;
  start: number;
  end: number;
}

/** Tab and the line breaks separate words; other controls and direction controls are dropped. */
const SEPARATORS = new RegExp(`(?:\\t|${LINE_BREAKS.source})+`);
const DROPPED = new RegExp(`${CONTROL_CHARACTERS.source}|${BIDI_CONTROLS.source}`, "g");

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Where to cut a text longer than `max`: after its last space within `max`, else at `max` (never inside a surrogate pair). */
function cutAt(text: string, max: number): number {
  const space = text.lastIndexOf(" ", max);
  if (space > 0) return space;
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}

/** A service's word text as plain words of at most `max` characters; empty when nothing but controls and spaces. */
export function plainPieces(text: string, max: number = EDIT_LIMITS.wordTextMax): string[] {
  const pieces: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    let rest = part.replace(DROPPED, "").trim();
    while (rest.length > max) {
      const at = cutAt(rest, max);
      pieces.push(rest.slice(0, at).trimEnd());
      rest = rest.slice(at).trimStart();
    }
    if (rest) pieces.push(rest);
  }
  return pieces;
}

/**
 * A service's words as the store keeps them: each word's text as plain pieces (the word's time
 * shared among them by length), starts that never go backwards, ends never before their start,
 * every time between 0 and `limit`.
 */
export function plainWords<W extends TimedText>(words: readonly W[], limit: number): W[] {
  const out: W[] = [];
  let previousStart = 0;
  const within = (t: number) => (Number.isFinite(t) ? Math.min(Math.max(t, previousStart), limit) : previousStart);
  for (const word of words) {
    const pieces = plainPieces(word.text);
    if (!pieces.length) continue;
    const start = within(word.start);
    const end = Math.max(start, within(word.end));
    const total = pieces.reduce((sum, p) => sum + p.length, 0);
    let offset = 0;
    for (const text of pieces) {
      const at = (n: number) => start + ((end - start) * n) / total;
      out.push({ ...word, text, start: at(offset), end: at(offset + text.length) });
      offset += text.length;
    }
    previousStart = out[out.length - 1]!.start;
  }
  return out;
}
