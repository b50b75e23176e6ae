// Pure application of editing operations: the SPA runs these for optimistic
// updates, the Worker to validate, apply and record history. Both therefore
// agree on every rule, including the order key a split gives its new half.
import type { AppliedOp, Change, UtteranceState } from "./change";
import { EDIT_LIMITS, EDIT_MESSAGES, WORD_TEXT_MESSAGES } from "./edit-limits";
import type { ReplaceAllOp, TranscriptOp, WordPatch } from "./operations";
import { keyBetween } from "./order-keys";
import { plainTextProblem } from "./plain-text";
import { replaceInUtterance } from "./replace-match";
import { applySpeakerMerge, SpeakerMergeError } from "./speaker-merge";
import { formatTimestamp } from "./timestamps";
import type { WordDto } from "./transcript";

export interface OpContext {
  utterance(id: string): UtteranceState | undefined;
  /** The utterance right after `id` in order, if any. */
  next(id: string): UtteranceState | undefined;
  /** The display name of a speaker of this transcript, or undefined if there is none. */
  speakerName(id: string): string | undefined;
  /** Every utterance of a speaker (only a side that holds the whole transcript can apply a speaker merge). */
  utterancesOfSpeaker?(id: string): readonly UtteranceState[];
  /** The latest time a word may have: the recording's length plus a margin (48 hours when unknown). */
  timeLimit?: number;
  /** Whether a word id is in use in another utterance of the transcript (a side that cannot tell leaves it out). */
  wordIdInUse?(id: string): boolean;
}

/** The latest time a word may have in a recording this long (0: unknown). */
export const wordTimeLimit = (duration: number) =>
  duration > 0 ? Math.min(EDIT_LIMITS.timeMaxSeconds, duration + EDIT_LIMITS.timeMarginSeconds) : EDIT_LIMITS.timeMaxSeconds;

/** What update_words checks beyond the utterance itself. */
type WordRules = Pick<OpContext, "timeLimit" | "wordIdInUse">;

export class OpError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = "OpError";
  }
}

const NO_CHANGE = (summary: string): AppliedOp => ({ change: { utterances: [] }, type: "other", summary });

/** Validates and applies one operation. A no-op (retry, identical words) has no utterance changes. */
export function applyOp(ctx: OpContext, op: TranscriptOp): AppliedOp {
  switch (op.type) {
    case "update_words":
      return updateWords(need(ctx, op.utteranceId), op.words, ctx);
    case "split":
      return split(ctx, need(ctx, op.utteranceId), op.firstWordId, op.newUtteranceId);
    case "merge":
      return merge(ctx, op.targetUtteranceId, op.sourceUtteranceId);
    case "set_speaker":
      return setSpeaker(ctx, need(ctx, op.utteranceId), op.speakerId);
    case "replace_all":
      return replaceAll(ctx, op);
    case "merge_speakers":
      return speakerMerge(ctx, op);
  }
}

function speakerMerge(ctx: OpContext, op: Extract<TranscriptOp, { type: "merge_speakers" }>): AppliedOp {
  const ofSpeaker = ctx.utterancesOfSpeaker;
  if (!ofSpeaker) throw new OpError(422, "Speaker merges are applied by their own endpoint");
  try {
    return applySpeakerMerge({ speakerName: (id) => ctx.speakerName(id), utterancesOfSpeaker: (id) => ofSpeaker.call(ctx, id) }, op);
  } catch (error) {
    if (error instanceof SpeakerMergeError) throw new OpError(error.status, error.message);
    throw error;
  }
}

function need(ctx: OpContext, id: string): UtteranceState {
  const u = ctx.utterance(id);
  if (!u) throw new OpError(404, EDIT_MESSAGES.utteranceNotFound);
  return u;
}

function updateWords(u: UtteranceState, patches: readonly WordPatch[], rules: WordRules): AppliedOp {
  const after = wordsApplied(u, patches, rules);
  if (!after) return NO_CHANGE("No change");
  return {
    change: { utterances: [{ id: u.id, before: u, after }] },
    type: "other",
    summary: describeWordEdit(u.transcriptWords, after.transcriptWords, u.startTime),
  };
}

/** The utterance with the patches applied, or null when they change nothing. */
function wordsApplied(u: UtteranceState, patches: readonly WordPatch[], rules: WordRules): UtteranceState | null {
  if (patches.length === 0) throw new OpError(422, EDIT_MESSAGES.noWords);
  if (patches.length > EDIT_LIMITS.wordsPerUtteranceMax) throw new OpError(422, EDIT_MESSAGES.tooManyWords);
  const stored = new Map(u.transcriptWords.map((w) => [w.id, w]));
  const seen = new Set<string>();
  const words: WordDto[] = patches.map((p, position) => {
    if (seen.has(p.id)) throw new OpError(422, EDIT_MESSAGES.duplicateWordId);
    seen.add(p.id);
    if (p.text !== undefined) checkText(p.text);
    const old = stored.get(p.id);
    if (!old) {
      if (p.text === undefined || p.start_time === undefined || p.end_time === undefined || p.confidence_score === undefined) {
        throw new OpError(422, p.text === undefined ? EDIT_MESSAGES.wordNotInUtterance : EDIT_MESSAGES.newWordNeedsTimes);
      }
      if (rules.wordIdInUse?.(p.id)) throw new OpError(422, EDIT_MESSAGES.wordIdTaken);
      return {
        id: p.id,
        text: p.text,
        startTime: p.start_time,
        endTime: p.end_time,
        position,
        confidenceScore: p.confidence_score,
        hasEntities: false,
      };
    }
    const word = {
      ...old,
      position,
      text: p.text ?? old.text,
      startTime: p.start_time ?? old.startTime,
      endTime: p.end_time ?? old.endTime,
      confidenceScore: p.confidence_score ?? old.confidenceScore,
    };
    // The wire carries only the new confidence: a word's first edit keeps the transcribed one for
    // the confidence cycle, as the editor's modified flag does (word-diff.ts).
    if (old.originalConfidenceScore === undefined && !sameWord(old, word)) word.originalConfidenceScore = old.confidenceScore;
    return word;
  });
  checkTimes(words, u.transcriptWords, rules.timeLimit ?? EDIT_LIMITS.timeMaxSeconds);
  if (sameWords(u.transcriptWords, words)) return null;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return {
    ...u,
    // An edge keeps its time unless its edge word changed: a typo fix never moves the utterance.
    startTime: first.id === u.transcriptWords[0]?.id ? Math.min(u.startTime, first.startTime) : first.startTime,
    endTime: last.id === u.transcriptWords[u.transcriptWords.length - 1]?.id ? Math.max(u.endTime, last.endTime) : last.endTime,
    confidenceScore: meanConfidence(words),
    transcriptWords: words,
    version: u.version + 1,
  };
}

function split(ctx: OpContext, u: UtteranceState, firstWordId: string, newId: string): AppliedOp {
  const existing = ctx.utterance(newId);
  if (existing) {
    // A retried split: its result is already there.
    if (ctx.next(u.id)?.id === newId && existing.transcriptWords[0]?.id === firstWordId) return NO_CHANGE("Already split");
    throw new OpError(409, EDIT_MESSAGES.splitIdTaken);
  }
  const at = u.transcriptWords.findIndex((w) => w.id === firstWordId);
  if (at < 0) throw new OpError(422, EDIT_MESSAGES.wordNotInUtterance);
  if (at === 0) throw new OpError(422, EDIT_MESSAGES.splitAtFirstWord);
  const head = u.transcriptWords.slice(0, at).map(reindex);
  const tail = u.transcriptWords.slice(at).map(reindex);
  const headEnd = Math.max(...head.map((w) => w.endTime));
  const first: UtteranceState = {
    ...u,
    endTime: Math.min(headEnd, u.endTime),
    confidenceScore: meanConfidence(head),
    transcriptWords: head,
    version: u.version + 1,
  };
  const second: UtteranceState = {
    ...u,
    id: newId,
    startTime: Math.max(tail[0]!.startTime, u.startTime),
    endTime: u.endTime,
    position: u.position + 1,
    confidenceScore: meanConfidence(tail),
    transcriptWords: tail,
    orderKey: keyBetween(u.orderKey, ctx.next(u.id)?.orderKey),
    version: 1,
  };
  return {
    change: {
      utterances: [
        { id: u.id, before: u, after: first },
        { id: newId, before: null, after: second },
      ],
    },
    type: "other",
    summary: `Split utterance at ${formatTimestamp(second.startTime)}`,
  };
}

function merge(ctx: OpContext, targetId: string, sourceId: string): AppliedOp {
  const target = need(ctx, targetId);
  const source = ctx.utterance(sourceId);
  const following = ctx.next(targetId);
  // A retried merge: the source is already gone into the target.
  if (!source) {
    if (!following) throw new OpError(422, EDIT_MESSAGES.mergeNothingFollows);
    return NO_CHANGE("Already merged");
  }
  if (!following) throw new OpError(422, EDIT_MESSAGES.mergeNothingFollows);
  if (following.id !== source.id) throw new OpError(409, EDIT_MESSAGES.mergeSourceMismatch);
  const targetIds = new Set(target.transcriptWords.map((w) => w.id));
  // Only rows written before ids were unique per transcript can meet the same id twice.
  if (source.transcriptWords.some((w) => targetIds.has(w.id))) throw new OpError(422, EDIT_MESSAGES.mergeSharedWordIds);
  const words = inTimeOrder([...target.transcriptWords, ...source.transcriptWords]).map(reindex);
  // The joined utterance must stay one an edit can save.
  if (words.length > EDIT_LIMITS.wordsPerUtteranceMax) throw new OpError(422, EDIT_MESSAGES.tooManyWords);
  const after: UtteranceState = {
    ...target,
    endTime: Math.max(target.endTime, source.endTime),
    confidenceScore: meanConfidence(words),
    transcriptWords: words,
    version: target.version + 1,
  };
  return {
    change: {
      utterances: [
        { id: target.id, before: target, after },
        { id: source.id, before: source, after: null },
      ],
    },
    type: "other",
    summary: `Merged utterances at ${formatTimestamp(source.startTime)}`,
  };
}

function setSpeaker(ctx: OpContext, u: UtteranceState, speakerId: string): AppliedOp {
  const name = ctx.speakerName(speakerId);
  if (name === undefined) throw new OpError(422, EDIT_MESSAGES.speakerNotFound);
  if (u.speakerId === speakerId) return NO_CHANGE("Same speaker");
  const after: UtteranceState = { ...u, speakerId, version: u.version + 1 };
  return {
    change: { utterances: [{ id: u.id, before: u, after }] },
    type: "speaker_edited",
    summary: `Changed speaker to ${name} at ${formatTimestamp(u.startTime)}`,
  };
}

/**
 * Replace all: each named utterance gets the update_words its replacement
 * makes (same rules, same validation). One that is gone or has no match any
 * more is skipped, as is one the replacement would leave without words.
 */
function replaceAll(ctx: OpContext, op: ReplaceAllOp): AppliedOp {
  const utterances: Change["utterances"] = [];
  let replaced = 0;
  for (const id of new Set(op.utteranceIds)) {
    const u = ctx.utterance(id);
    const replacement = u && replaceInUtterance(u, op);
    if (!u || !replacement) continue;
    // Its own summary is not needed: replace all has one for all.
    // Replacing keeps times; a new word's id is seeded by its utterance (replace-match.ts).
    const after = wordsApplied(u, replacement.patches, { timeLimit: ctx.timeLimit });
    if (!after) continue;
    utterances.push({ id: u.id, before: u, after });
    replaced += replacement.count;
  }
  return {
    change: { utterances },
    type: "other",
    summary: `Replaced ${quote(op.find.trim())} with ${quote(op.replace.trim())} (${replaced}×)`,
  };
}

/** The count a replace all's history summary records (`… (37×)`). */
export function replacedCount(summary: string): number {
  const match = /\((\d+)×\)$/.exec(summary);
  return match ? Number(match[1]) : 0;
}

function checkText(text: string) {
  if (!text.trim()) throw new OpError(422, EDIT_MESSAGES.emptyWordText);
  if (text.length > EDIT_LIMITS.wordTextMax) throw new OpError(422, EDIT_MESSAGES.wordTooLong);
  const problem = plainTextProblem(text, WORD_TEXT_MESSAGES);
  if (problem) throw new OpError(422, problem);
}

/**
 * Starts never go backwards, a word never ends before it starts, nothing is negative or past
 * `limit`. Words whose times are as stored, in their stored order, are not judged again: a row
 * written before a rule stays editable.
 */
function checkTimes(words: readonly WordDto[], before: readonly WordDto[], limit: number) {
  const stored = new Map(before.map((w, index) => [w.id, { w, index }]));
  let previous: { start: number; kept: number | null } | null = null;
  for (const w of words) {
    const old = stored.get(w.id);
    const kept = old && old.w.startTime === w.startTime && old.w.endTime === w.endTime ? old.index : null;
    if (kept === null) {
      if (!(w.startTime >= 0) || !(w.endTime >= w.startTime)) throw new OpError(422, EDIT_MESSAGES.timesOutOfOrder);
      if (w.endTime > EDIT_LIMITS.timeMaxSeconds) throw new OpError(422, EDIT_MESSAGES.timeTooLarge);
      if (w.endTime > limit) throw new OpError(422, EDIT_MESSAGES.timePastRecording);
    }
    const keptInOrder = kept !== null && previous !== null && previous.kept !== null && previous.kept < kept;
    if (previous && !(w.startTime >= previous.start) && !keptInOrder) throw new OpError(422, EDIT_MESSAGES.timesOutOfOrder);
    previous = { start: w.startTime, kept };
  }
}

/**
 * The words with no start before the one before it: a word that starts earlier (two speakers'
 * overlapping turns joined by a merge) starts with the word before it, and ends no earlier.
 */
export function inTimeOrder(words: readonly WordDto[]): WordDto[] {
  let start = 0;
  return words.map((w) => {
    if (w.startTime >= start) {
      start = w.startTime;
      return w;
    }
    return { ...w, startTime: start, endTime: Math.max(w.endTime, start) };
  });
}

const reindex = (w: WordDto, position: number): WordDto => (w.position === position ? w : { ...w, position });

const meanConfidence = (words: readonly WordDto[]) =>
  words.length ? Math.round((words.reduce((sum, w) => sum + w.confidenceScore, 0) / words.length) * 10_000) / 10_000 : 0;

function sameWords(a: readonly WordDto[], b: readonly WordDto[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((w, i) => sameWord(w, b[i]!));
}

const sameWord = (w: WordDto, v: WordDto) =>
  w.id === v.id && w.text === v.text && w.startTime === v.startTime && w.endTime === v.endTime && w.confidenceScore === v.confidenceScore;

const quote = (text: string) => `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;

/** `Edited "teh" → "the"`, or what changed in a larger edit. */
function describeWordEdit(before: readonly WordDto[], after: readonly WordDto[], start: number): string {
  const beforeIds = new Map(before.map((w) => [w.id, w]));
  const afterIds = new Set(after.map((w) => w.id));
  const changed = after.filter((w) => {
    const old = beforeIds.get(w.id);
    return !old || old.text !== w.text;
  });
  const removed = before.filter((w) => !afterIds.has(w.id));
  if (changed.length === 1 && removed.length === 0 && beforeIds.has(changed[0]!.id)) {
    return `Edited ${quote(beforeIds.get(changed[0]!.id)!.text)} → ${quote(changed[0]!.text)}`;
  }
  if (changed.length === 0 && removed.length === 0) {
    const rated = after.find((w) => beforeIds.get(w.id)!.confidenceScore !== w.confidenceScore);
    if (rated) return `Marked ${quote(rated.text)} ${rated.confidenceScore === 0 ? "inaudible" : "reviewed"}`;
    return `Adjusted word times at ${formatTimestamp(start)}`;
  }
  const oldText = removed.length || changed.some((w) => beforeIds.has(w.id)) ? before.map((w) => w.text).join(" ") : "";
  return oldText
    ? `Edited ${quote(oldText)} → ${quote(after.map((w) => w.text).join(" "))}`
    : `Added ${quote(changed.map((w) => w.text).join(" "))}`;
}

/** Word count and confidence-sum deltas of a change, for the transcript's statistics. */
export function statsDelta(change: Change): { words: number; confidenceSum: number } {
  let words = 0;
  let confidenceSum = 0;
  for (const { before, after } of change.utterances) {
    for (const w of before?.transcriptWords ?? []) {
      words--;
      confidenceSum -= w.confidenceScore;
    }
    for (const w of after?.transcriptWords ?? []) {
      words++;
      confidenceSum += w.confidenceScore;
    }
  }
  return { words, confidenceSum };
}
