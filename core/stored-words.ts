// How a list of words is stored: in `utterances.words`, in the snapshots of
// decision 017 and, as a JSON value, inside history entries (change-codec.ts).
// The one codec for words at rest. Decision 026.
//
// Compact form, a JSON array: [ids, texts, numbers, originals?, entities?]
//   ids          segments in order: a string holds word ids joined by spaces; [base, from, count]
//                stands for base + from.toString(36), … (ingest's ids, see wordIds)
//   texts        the words' texts joined by spaces (the search index reads it as it is)
//   numbers      three integers a word, packed into one string (see pack): start − the previous
//                word's end (the first word: its start) and end − start in milliseconds, then
//                the confidence in 1/10,000
//   originals    [[index, transcribed confidence in 1/10,000], …] for edited words
//   entities     indexes of the words flagged as entities
// Rows written before keep times and confidences as two arrays of numbers in place of the
// string: [ids, texts, times, confidences, originals?, entities?] (read everywhere).
// A list this cannot hold exactly (a time that is not a whole millisecond, a
// confidence with more than 4 decimals, a space inside a text or an id) is stored
// in the first form: a JSON array of {id, t, s, e, c, o?, x?}. Both are read everywhere.

import type { WordDto } from "./transcript";

/** One word as the Worker handles stored words (short keys, times in seconds). */
export interface StoredWord {
  id: string;
  t: string;
  s: number;
  e: number;
  c: number;
  /** The transcribed confidence, once the word was edited. */
  o?: number;
  x?: 1;
}

type IdSegment = string | [base: string, from: number, count: number];
type Originals = [number, number][];
type Packed = [ids: IdSegment[], texts: string, numbers: string, originals?: Originals, entities?: number[]];
/** The compact form as rows written before hold it. */
type Unpacked = [ids: IdSegment[], texts: string, times: number[], confidences: number[], originals?: Originals, entities?: number[]];
type Compact = Packed | Unpacked;

// Integers as base64url digits, five bits a digit, low bits first, the sixth bit saying another
// digit follows (the VLQ of source maps); signs folded in (zigzag). About a third the bytes of
// decimal numbers in JSON, still JSON text that needs no escaping.
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) DIGIT_VALUE[DIGITS.charCodeAt(i)] = i;
/** Beyond this a folded integer would leave the safe range: such lists keep their numbers as arrays. */
const PACKABLE = 2 ** 50;

function pack(values: readonly number[]): string | null {
  let out = "";
  for (const value of values) {
    if (Math.abs(value) > PACKABLE) return null;
    let v = value < 0 ? -2 * value - 1 : 2 * value;
    do {
      const digit = v % 32;
      v = (v - digit) / 32;
      out += DIGITS[v > 0 ? digit + 32 : digit];
    } while (v > 0);
  }
  return out;
}

function unpack(text: string, count: number): number[] {
  const values: number[] = new Array(count);
  let at = 0;
  for (let n = 0; n < count; n++) {
    let v = 0;
    let scale = 1;
    for (;;) {
      // Past the end (NaN) or outside ASCII reads undefined: refused like a character not a digit.
      const digit = DIGIT_VALUE[text.charCodeAt(at++)] ?? -1;
      if (digit < 0) throw new Error("Stored words: bad packed numbers");
      v += (digit & 31) * scale;
      if (digit < 32) break;
      scale *= 32;
    }
    values[n] = v % 2 ? -(v + 1) / 2 : v / 2;
  }
  if (at !== text.length) throw new Error("Stored words: bad packed numbers");
  return values;
}

const ms = (seconds: number): number | null => {
  const m = Math.round(seconds * 1000);
  return m / 1000 === seconds && Number.isSafeInteger(m) ? m : null;
};
const tenThousandths = (c: number): number | null => {
  const n = Math.round(c * 10_000);
  return n / 10_000 === c ? n : null;
};
const joinable = (s: string) => s !== "" && !s.includes(" ");

/** Ingest's word ids: one random base an utterance, then the word's index in base 36. */
export const ID_BASE_LENGTH = 8;

function numbered(id: string): { base: string; n: number } | null {
  if (id.length <= ID_BASE_LENGTH) return null;
  const suffix = id.slice(ID_BASE_LENGTH);
  const n = Number.parseInt(suffix, 36);
  return n.toString(36) === suffix ? { base: id.slice(0, ID_BASE_LENGTH), n } : null;
}

/** Ids as segments: runs of two or more numbered ids with one base, the rest as they are. */
function idSegments(ids: readonly string[]): IdSegment[] {
  const out: IdSegment[] = [];
  let literal: string[] = [];
  for (let i = 0; i < ids.length; ) {
    const first = numbered(ids[i]!);
    let count = 1;
    while (first && i + count < ids.length) {
      const next = numbered(ids[i + count]!);
      if (!next || next.base !== first.base || next.n !== first.n + count) break;
      count++;
    }
    if (first && count > 1) {
      if (literal.length) out.push(literal.join(" "));
      literal = [];
      out.push([first.base, first.n, count]);
    } else literal.push(ids[i]!);
    i += count;
  }
  if (literal.length) out.push(literal.join(" "));
  return out;
}

function idList(segments: readonly IdSegment[]): string[] {
  const ids: string[] = [];
  for (const segment of segments) {
    if (typeof segment === "string") ids.push(...segment.split(" "));
    else for (let k = 0; k < segment[2]; k++) ids.push(segment[0] + (segment[1] + k).toString(36));
  }
  return ids;
}

function compact(words: readonly StoredWord[]): Compact | null {
  const ids: string[] = [];
  const texts: string[] = [];
  const numbers: number[] = [];
  const originals: Originals = [];
  const entities: number[] = [];
  let previousEnd = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const start = ms(w.s);
    const end = ms(w.e);
    const c = tenThousandths(w.c);
    const o = w.o === undefined ? undefined : tenThousandths(w.o);
    if (start === null || end === null || c === null || o === null || !joinable(w.id) || !joinable(w.t)) return null;
    ids.push(w.id);
    texts.push(w.t);
    numbers.push(start - previousEnd, end - start, c);
    previousEnd = end;
    if (o !== undefined) originals.push([i, o]);
    if (w.x === 1) entities.push(i);
  }
  const packed = pack(numbers);
  const out: Compact =
    packed === null ? [idSegments(ids), texts.join(" "), ...unzipNumbers(numbers)] : [idSegments(ids), texts.join(" "), packed];
  if (originals.length || entities.length) out.push(originals);
  if (entities.length) out.push(entities);
  return out;
}

/** The form before packing's times (two a word) and confidences as three numbers a word: unzipNumbers' inverse. */
function zipNumbers(times: readonly number[], confidences: readonly number[]): number[] {
  const numbers: number[] = new Array(3 * confidences.length);
  for (let i = 0; i < confidences.length; i++) {
    numbers[3 * i] = times[2 * i]!;
    numbers[3 * i + 1] = times[2 * i + 1]!;
    numbers[3 * i + 2] = confidences[i]!;
  }
  return numbers;
}

/** Three numbers a word as the form before packing kept them: times, two a word, and confidences. */
function unzipNumbers(numbers: readonly number[]): [number[], number[]] {
  const times: number[] = [];
  const confidences: number[] = [];
  for (let i = 0; i < numbers.length; i += 3) {
    times.push(numbers[i]!, numbers[i + 1]!);
    confidences.push(numbers[i + 2]!);
  }
  return [times, confidences];
}

/** A list of words as a JSON value: the compact form when it is exact, else the plain one. */
export function storedValue(words: readonly StoredWord[]): unknown[] {
  return (words.length ? compact(words) : null) ?? (words as StoredWord[]);
}

/** The stored text for a list of words. */
export function encodeWords(words: readonly StoredWord[]): string {
  return JSON.stringify(storedValue(words));
}

const isCompact = (value: unknown[]): value is Compact => Array.isArray(value[0]);

/** Words from an already parsed stored value (either form). */
export function wordsFromParsed(value: unknown[]): StoredWord[] {
  if (!isCompact(value)) return value as StoredWord[];
  const idsInOrder = idList(value[0]);
  const textList = value[1].split(" ");
  const count = idsInOrder.length;
  const packed = typeof value[2] === "string";
  const [originals, entities] = (packed ? value.slice(3) : value.slice(4)) as [Originals?, number[]?];
  const numbers = packed ? unpack(value[2] as string, 3 * count) : zipNumbers(value[2] as number[], value[3] as number[]);
  const words: StoredWord[] = new Array(count);
  let end = 0;
  for (let i = 0; i < count; i++) {
    const start = end + numbers[3 * i]!;
    end = start + numbers[3 * i + 1]!;
    words[i] = { id: idsInOrder[i]!, t: textList[i]!, s: start / 1000, e: end / 1000, c: numbers[3 * i + 2]! / 10_000 };
  }
  for (const [i, o] of originals ?? []) words[i]!.o = o / 10_000;
  for (const i of entities ?? []) words[i]!.x = 1;
  return words;
}

export function decodeWords(stored: string): StoredWord[] {
  return wordsFromParsed(JSON.parse(stored) as unknown[]);
}

/** A word as stored: the entity flag and the original confidence only when set; its position is its index. */
export function toStoredWord(w: WordDto): StoredWord {
  const stored: StoredWord = { id: w.id, t: w.text, s: w.startTime, e: w.endTime, c: w.confidenceScore };
  if (w.originalConfidenceScore !== undefined) stored.o = w.originalConfidenceScore;
  if (w.hasEntities) stored.x = 1;
  return stored;
}

/** A stored word as the API's word at `position`. */
export function toWordDto(w: StoredWord, position: number): WordDto {
  return {
    id: w.id,
    text: w.t,
    startTime: w.s,
    endTime: w.e,
    position,
    confidenceScore: w.c,
    ...(w.o === undefined ? {} : { originalConfidenceScore: w.o }),
    hasEntities: w.x === 1,
  };
}

/** Words as a JSON value to keep inside another (a history entry). */
export const wordsValue = (words: readonly WordDto[]): unknown[] => storedValue(words.map(toStoredWord));

/** Words back from `wordsValue`, their positions counted from `from`. */
export const wordsFromValue = (value: unknown[], from = 0): WordDto[] => wordsFromParsed(value).map((w, i) => toWordDto(w, from + i));
