// Find and replace in a transcript (docs/product.md, "Find and replace"): the one
// matching rule the search box (`n of m`), the editor's optimistic replace all
// and the Worker share, and how a replacement turns into new words.
//
// An utterance's text is its words joined by single spaces. The query is
// trimmed, its whitespace collapsed, and it must keep at least 2 characters.
// Matching is case-insensitive unless asked otherwise and accent-sensitive
// ("café" does not find "cafe"), as the search box has always been.
import type { WordPatch } from "./operations";
import { type MatchOptions, REPLACE_LIMITS, type ReplaceSpec } from "./replace-spec";
import { diffWords, wordPatches, type EditableWord } from "./word-diff";

export const DEFAULT_MATCH_OPTIONS: MatchOptions = { matchCase: false, wholeWord: false };

/** Offsets in an utterance's text; end exclusive. */
export interface TextMatch {
  start: number;
  end: number;
}

/**
 * Lowercases without changing the length, so offsets found in the lowercase
 * text hold in the original: the few characters whose lowercase form is longer
 * (e.g. "İ") are kept as they are.
 */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** The query to look for (trimmed, single spaces), or null when it is under the minimum length. */
export function normalizeFind(find: string): string | null {
  const trimmed = find.trim().replace(/\s+/g, " ");
  return trimmed.length >= REPLACE_LIMITS.findMin ? trimmed : null;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

/**
 * Every occurrence of `find` (already normalized) in `text`, not overlapping,
 * in order. Pass `lowerText` when the lowercase text is at hand (the search
 * box caches it). Whole word: no letter, digit or mark right before or after.
 */
export function findInText(text: string, find: string, options: MatchOptions, lowerText?: string): TextMatch[] {
  const haystack = options.matchCase ? text : (lowerText ?? lowerSameLength(text));
  const needle = options.matchCase ? find : lowerSameLength(find);
  const out: TextMatch[] = [];
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    const end = at + needle.length;
    if (!options.wholeWord || (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[end]))) {
      out.push({ start: at, end });
      at = haystack.indexOf(needle, end);
    } else {
      at = haystack.indexOf(needle, at + 1);
    }
  }
  return out;
}

export const utteranceText = (words: readonly { text: string }[]): string => words.map((w) => w.text).join(" ");

export interface UtteranceReplacement {
  /** The update_words payload that makes the change (the spec's word-edit diffing). */
  patches: WordPatch[];
  /** Matches replaced in this utterance. */
  count: number;
}

/**
 * The new words of one utterance with every match replaced, or null when
 * nothing changes. One word for one word keeps each word's id and times;
 * anything else follows the word-edit diffing (word-diff.ts). An
 * utterance left without words is not changed (an utterance keeps at least one
 * word). New word ids derive from the utterance and its version, so the
 * editor's optimistic result and the Worker's agree.
 */
export function replaceInUtterance(
  u: { id: string; version: number; startTime: number; endTime: number; transcriptWords: readonly EditableWord[] },
  spec: ReplaceSpec,
): UtteranceReplacement | null {
  const find = normalizeFind(spec.find);
  if (find === null) return null;
  const text = utteranceText(u.transcriptWords);
  const matches = findInText(text, find, spec);
  if (matches.length === 0) return null;
  let next = "";
  let from = 0;
  for (const m of matches) {
    next += text.slice(from, m.start) + spec.replace;
    from = m.end;
  }
  next += text.slice(from);
  const taken = new Set(u.transcriptWords.map((w) => w.id));
  const words = diffWords(u.transcriptWords, next, {
    now: 0,
    newId: seededIds(`${u.id}:${u.version}:${spec.find}:${spec.replace}`, taken),
    span: { start: u.startTime, end: u.endTime },
  });
  if (!words || words.length === 0) return null;
  return { patches: wordPatches(words), count: matches.length };
}

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 10-character ids (the stored ids' alphabet and length) from a seed, never one already taken. */
function seededIds(seed: string, taken: Set<string>): () => string {
  let n = 0;
  return () => {
    for (;;) {
      const id = hashId(`${seed}:${n++}`);
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
}

function hashId(text: string): string {
  // Two independent 32-bit FNV-1a style hashes give 10 characters of base 62.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  let id = "";
  for (let i = 0; i < 5; i++) {
    id += ID_ALPHABET[(a >>> 0) % 62];
    a = Math.imul(a, 0x9e3779b1) ^ (a >>> 15);
    id += ID_ALPHABET[(b >>> 0) % 62];
    b = Math.imul(b, 0x85ebca6b) ^ (b >>> 16);
  }
  return id;
}
