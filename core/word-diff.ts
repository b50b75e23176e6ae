// Word-edit diffing (docs/product.md#transcript-editor): turns an utterance's new text into its
// new word list, keeping ids and times wherever a word survives so timings
// never drift after an edit.
import type { WordPatch } from "./operations";
import type { WordDto } from "./transcript";

/** A word in the editor, with its client-only flags. */
export interface EditableWord extends WordDto {
  isNew?: boolean;
  isModified?: boolean;
  lastModifiedAt?: number;
}

export const WORD_TIME_DECIMALS = 6;
export const roundTime = (t: number) => Math.round(t * 10 ** WORD_TIME_DECIMALS) / 10 ** WORD_TIME_DECIMALS;

/** Rounded to the spec's precision without leaving [lo, hi] (the bounds may carry more decimals). */
const roundBetween = (t: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, roundTime(t)));

export const tokenize = (text: string): string[] => text.split(/\s+/).filter(Boolean);
export const wordsText = (words: readonly Pick<WordDto, "text">[]): string => words.map((w) => w.text).join(" ");

export interface DiffOptions {
  /** Time stamp for lastModifiedAt (ms). */
  now: number;
  newId: () => string;
  /** The utterance's span: new words never leave it. */
  span: { start: number; end: number };
}

// Beyond this many word pairs the middle of an edit is not aligned word by word.
const MAX_ALIGN_CELLS = 250_000;

/**
 * The words after the user changed the utterance's text to `text`, or null
 * when the text is unchanged. Identical words keep everything; one word for
 * one word is modified; one word split into two parts that join to it divides
 * its time by length; two words joined into one merge; anything else becomes
 * new words whose times are interpolated between their neighbours.
 */
export function diffWords(words: readonly EditableWord[], text: string, options: DiffOptions): EditableWord[] | null {
  const tokens = tokenize(text);
  if (tokens.join(" ") === wordsText(words)) return null;
  let prefix = 0;
  while (prefix < words.length && prefix < tokens.length && words[prefix]!.text === tokens[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < words.length - prefix &&
    suffix < tokens.length - prefix &&
    words[words.length - 1 - suffix]!.text === tokens[tokens.length - 1 - suffix]
  )
    suffix++;
  const oldMid = words.slice(prefix, words.length - suffix);
  const newMid = tokens.slice(prefix, tokens.length - suffix);
  const out: EditableWord[] = words.slice(0, prefix).map(copy);
  const after = words.slice(words.length - suffix);
  alignMiddle(oldMid, newMid, out, after[0], options);
  for (const w of after) out.push(copy(w));
  return reposition(out);
}

/** Keeps words equal in both (longest common subsequence) and resolves each gap between them. */
function alignMiddle(
  oldMid: readonly EditableWord[],
  newMid: string[],
  out: EditableWord[],
  next: EditableWord | undefined,
  o: DiffOptions,
) {
  const anchors = oldMid.length * newMid.length <= MAX_ALIGN_CELLS ? commonSubsequence(oldMid, newMid) : [];
  let i = 0;
  let j = 0;
  for (const [ai, aj] of [...anchors, [oldMid.length, newMid.length] as const]) {
    const following = ai < oldMid.length ? oldMid[ai] : next;
    resolveGap(oldMid.slice(i, ai), newMid.slice(j, aj), out, following, o);
    if (ai < oldMid.length) out.push(copy(oldMid[ai]!));
    i = ai + 1;
    j = aj + 1;
  }
}

function resolveGap(old: readonly EditableWord[], tokens: string[], out: EditableWord[], next: EditableWord | undefined, o: DiffOptions) {
  if (tokens.length === 0) return; // words deleted
  if (old.length === tokens.length) {
    old.forEach((w, k) => {
      out.push(w.text === tokens[k] ? copy(w) : modified(w, { text: tokens[k]! }, o));
    });
    return;
  }
  if (old.length === 1 && tokens.length === 2 && tokens[0]! + tokens[1]! === old[0]!.text) {
    const w = old[0]!;
    const cut = roundBetween(w.startTime + ((w.endTime - w.startTime) * tokens[0]!.length) / w.text.length, w.startTime, w.endTime);
    out.push(modified(w, { text: tokens[0]!, endTime: cut }, o));
    out.push(fresh(tokens[1]!, cut, w.endTime, w.confidenceScore, o));
    return;
  }
  if (old.length === 2 && tokens.length === 1 && old[0]!.text + old[1]!.text === tokens[0]) {
    const [a, b] = old as [EditableWord, EditableWord];
    out.push(
      modified(
        a,
        { text: tokens[0]!, endTime: Math.max(a.endTime, b.endTime), confidenceScore: Math.min(a.confidenceScore, b.confidenceScore) },
        o,
      ),
    );
    return;
  }
  // New words: spread over the replaced words' time, or the gap between the neighbours.
  const prev = out[out.length - 1];
  const floor = prev ? prev.startTime : o.span.start;
  const ceiling = next ? next.startTime : o.span.end;
  let lo = old.length ? old[0]!.startTime : prev ? prev.endTime : o.span.start;
  let hi = old.length ? old[old.length - 1]!.endTime : ceiling;
  lo = Math.min(Math.max(lo, floor), ceiling);
  hi = Math.max(lo, Math.min(hi, ceiling, o.span.end));
  const total = tokens.reduce((sum, t) => sum + t.length, 0);
  let acc = 0;
  for (const token of tokens) {
    const start = roundBetween(lo + ((hi - lo) * acc) / total, lo, hi);
    acc += token.length;
    out.push(fresh(token, start, roundBetween(lo + ((hi - lo) * acc) / total, lo, hi), 1, o));
  }
}

/** Index pairs [old, new] of a longest common subsequence of equal texts. */
function commonSubsequence(old: readonly EditableWord[], tokens: string[]): [number, number][] {
  const n = old.length;
  const m = tokens.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let a = n - 1; a >= 0; a--)
    for (let b = m - 1; b >= 0; b--)
      table[a * (m + 1) + b] =
        old[a]!.text === tokens[b]
          ? table[(a + 1) * (m + 1) + b + 1]! + 1
          : Math.max(table[(a + 1) * (m + 1) + b]!, table[a * (m + 1) + b + 1]!);
  const pairs: [number, number][] = [];
  let a = 0;
  let b = 0;
  while (a < n && b < m) {
    if (old[a]!.text === tokens[b]) {
      pairs.push([a++, b++]);
    } else if (table[(a + 1) * (m + 1) + b]! >= table[a * (m + 1) + b + 1]!) a++;
    else b++;
  }
  return pairs;
}

const copy = (w: EditableWord): EditableWord => ({ ...w });

function modified(w: EditableWord, changes: Partial<EditableWord>, o: DiffOptions): EditableWord {
  return {
    ...w,
    ...changes,
    isModified: true,
    lastModifiedAt: o.now,
    originalConfidenceScore: w.originalConfidenceScore ?? w.confidenceScore,
  };
}

function fresh(text: string, startTime: number, endTime: number, confidenceScore: number, o: DiffOptions): EditableWord {
  return { id: o.newId(), text, startTime, endTime, position: 0, confidenceScore, hasEntities: false, isNew: true, lastModifiedAt: o.now };
}

function reposition(words: EditableWord[]): EditableWord[] {
  words.forEach((w, position) => {
    w.position = position;
  });
  return words;
}

/**
 * The update_words payload (docs/api.md): a new word sends everything, a
 * modified one id, text, end_time and confidence_score, an unchanged one its id.
 */
export function wordPatches(words: readonly EditableWord[]): WordPatch[] {
  return words.map((w) => {
    if (w.isNew) return { id: w.id, text: w.text, start_time: w.startTime, end_time: w.endTime, confidence_score: w.confidenceScore };
    if (w.isModified) return { id: w.id, text: w.text, end_time: w.endTime, confidence_score: w.confidenceScore };
    return { id: w.id };
  });
}

/**
 * Ctrl/Cmd+I (docs/product.md#transcript-editor): an original confidence of 0.8 or more toggles
 * between 0 and the original; a lower one cycles original, 0, 1, 0, 1…
 */
export function nextConfidence(word: Pick<EditableWord, "confidenceScore" | "originalConfidenceScore">, threshold = 0.8): number {
  const original = word.originalConfidenceScore ?? word.confidenceScore;
  const current = word.confidenceScore;
  if (original >= threshold) return current === 0 ? original : 0;
  return current === 0 ? 1 : 0;
}

/** The word with its confidence cycled and marked modified. */
export function cycleConfidence(word: EditableWord, now: number): EditableWord {
  return {
    ...word,
    confidenceScore: nextConfidence(word),
    isModified: true,
    lastModifiedAt: now,
    originalConfidenceScore: word.originalConfidenceScore ?? word.confidenceScore,
  };
}

/** Random word ids in the stored ids' alphabet and length. */
export function newWordId(): string {
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  let id = "";
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}
