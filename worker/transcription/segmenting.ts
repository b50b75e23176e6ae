// Shared by the service adapters: turns a service's words into the normalised
// transcript (utterances by speaker turns, pauses and length) and cleans numbers.
import type { Sentiment } from "../../core/transcript";
import { EDIT_LIMITS } from "../../core/edit-limits";
import type { NormalizedTranscript, NormalizedUtterance, NormalizedWord } from "./types";

/** A word as an adapter collects it, before it is grouped into utterances. */
export interface SpokenWord extends NormalizedWord {
  speaker: string;
  /** The service ended a segment/sentence here: a good place to cut a long utterance. */
  breakAfter?: boolean;
  /** Index in the service's own word list (Deepgram's sentiment and entity spans refer to it). */
  sourceIndex?: number;
}

/** A silence longer than this (seconds) between two words starts a new utterance. */
export const PAUSE_SPLIT_SECONDS = 1.5;
/** Once an utterance is this long (seconds), it ends at the next sentence end. */
export const SOFT_MAX_UTTERANCE_SECONDS = 25;
/** No utterance is longer than this (seconds), even without a sentence end (a cut mid-sentence). */
export const HARD_MAX_UTTERANCE_SECONDS = 40;

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/;

export function endsSentence(word: SpokenWord): boolean {
  return Boolean(word.breakAfter) || SENTENCE_END.test(word.text);
}

/**
 * Groups words (in the service's order) into utterances. A new utterance starts
 * - when the speaker changes;
 * - after a pause longer than PAUSE_SPLIT_SECONDS;
 * - after a sentence end (or service segment end) once the utterance has lasted SOFT_MAX_UTTERANCE_SECONDS;
 * - before a word that would take the utterance beyond HARD_MAX_UTTERANCE_SECONDS;
 * - before a word past the most an utterance may hold (a service can time thousands of words alike).
 */
export function groupIntoUtterances(words: SpokenWord[]): SpokenWord[][] {
  const groups: SpokenWord[][] = [];
  let current: SpokenWord[] = [];
  for (const word of words) {
    const first = current[0];
    const prev = current[current.length - 1];
    if (first && prev) {
      const lasted = prev.end - first.start;
      const split =
        word.speaker !== prev.speaker ||
        word.start - prev.end > PAUSE_SPLIT_SECONDS ||
        (lasted >= SOFT_MAX_UTTERANCE_SECONDS && endsSentence(prev)) ||
        word.end - first.start > HARD_MAX_UTTERANCE_SECONDS ||
        current.length >= EDIT_LIMITS.wordsPerUtteranceMax;
      if (split) {
        groups.push(current);
        current = [];
      }
    }
    current.push(word);
  }
  if (current.length) groups.push(current);
  return groups;
}

export interface UtteranceSentiment {
  sentiment: Sentiment;
  confidence: number | null;
}

export interface BuildOptions {
  /** The service's duration (seconds), when it reports one. */
  duration?: number | null;
  /** Used when the service reports no duration: the longer of this and the last word's end. */
  fallbackDuration?: number | null;
  sentimentOf?: (words: SpokenWord[]) => UtteranceSentiment | null;
}

export function buildTranscript(words: SpokenWord[], options: BuildOptions = {}): NormalizedTranscript {
  const utterances: NormalizedUtterance[] = groupIntoUtterances(words).map((group) => {
    const sentiment = options.sentimentOf?.(group) ?? null;
    return {
      speaker: group[0]!.speaker,
      start: group[0]!.start,
      end: Math.max(...group.map((w) => w.end)),
      words: group.map(({ text, start, end, confidence, hasEntities }) => ({ text, start, end, confidence, hasEntities })),
      sentiment: sentiment?.sentiment ?? null,
      sentimentConfidence: sentiment ? sentiment.confidence : null,
    };
  });
  const speakers: string[] = [];
  for (const u of utterances) if (!speakers.includes(u.speaker)) speakers.push(u.speaker);
  const lastEnd = words.reduce((max, w) => Math.max(max, w.end), 0);
  const reported = positive(options.duration);
  const duration = reported ?? Math.max(lastEnd, positive(options.fallbackDuration) ?? 0);
  return { duration, speakers, utterances };
}

// ---- numbers ----

export function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function positive(value: unknown): number | null {
  const n = finiteNumber(value);
  return n !== null && n > 0 ? n : null;
}

export function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Whisper's segment avg_logprob as a 0..1 confidence: exp(avg_logprob), clamped; null when absent. */
export function confidenceFromLogprob(avgLogprob: unknown): number | null {
  const n = finiteNumber(avgLogprob);
  return n === null ? null : clamp01(Math.exp(n));
}

/** Start/end as non-negative seconds with end >= start; null when the service gave no usable start. */
export function timing(start: unknown, end: unknown, offset = 0): { start: number; end: number } | null {
  const s = finiteNumber(start);
  if (s === null) return null;
  const e = finiteNumber(end);
  const from = Math.max(0, s) + offset;
  return { start: from, end: Math.max(from, (e ?? s) + offset) };
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

// ---- text ----

/** Words for a segment that came without word timings: its text split on spaces, times spread by length. */
export function wordsFromText(text: string, start: number, end: number): { text: string; start: number; end: number }[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const total = tokens.reduce((n, t) => n + t.length, 0);
  if (!tokens.length || total === 0) return [];
  const span = Math.max(0, end - start);
  let at = start;
  return tokens.map((token) => {
    const from = at;
    at += (span * token.length) / total;
    return { text: token, start: from, end: at };
  });
}

const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Servers that return word timings often strip punctuation from the words while the segment
 * text keeps it: take each word's spelling from the segment text when the letters agree.
 */
export function punctuateFromText<T extends { text: string }>(words: T[], text: string): T[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  let next = 0;
  return words.map((word) => {
    const key = bare(word.text);
    if (!key) return word;
    for (let k = next; k < Math.min(tokens.length, next + 3); k++) {
      if (bare(tokens[k]!) === key) {
        next = k + 1;
        return { ...word, text: tokens[k]! };
      }
    }
    return word;
  });
}
