// Redaction (decision 058): a run of words becomes one marker word `[Label]` with the run's
// times, in the utterance as it now is and in every state the history keeps of it, so undo and
// redo can never bring the words back. The rule is by word id and by time: in the redacted
// utterance, any word whose times lie in a redacted range is redacted too (an older spelling of
// the same speech), wherever the history has it.
import type { Change, TranscriptFields, UtteranceState } from "./change";
import type { RecordedChange } from "./change-codec";
import { isRetranscription } from "./retranscription";
import type { WordDto } from "./transcript";
import { revert } from "./utterance-diff";

export const REDACTION_LABELS = ["Name", "Place", "Number", "Contact", "Other"] as const;
export const REDACTION_LIMITS = { labelMax: 40, perRequest: 10_000 } as const;
export const REDACTION_MESSAGES = {
  wordNotFound: "A word of the redaction is not in this transcript",
  acrossUtterances: "A redaction covers words of one utterance: send one per utterance",
  badOrder: "The first word of a redaction must come before its last",
  nothingFound: "Nothing in the transcript matches",
  tooMany: `At most ${REDACTION_LIMITS.perRequest.toLocaleString("en-US")} redactions at once`,
  label: `A label is 1 to ${REDACTION_LIMITS.labelMax} characters, without spaces or brackets`,
} as const;
/** What a history entry whose words were redacted is then called (its own summary may have quoted them). */
export const REDACTED_SUMMARY = "Edited (redacted)";

/** A label is shown in brackets as one word: no whitespace, no brackets. */
export const isRedactionLabel = (label: string) => /^[^\s[\]]{1,40}$/u.test(label);
export const markerText = (label: string) => `[${label}]`;
/** A redaction's own entry is named by its markers only; a later redaction leaves that name. */
export const redactionSummary = (markers: readonly string[]) =>
  markers.length === 1 ? `Redacted ${markers[0]}` : `Redacted ${markers.length} × ${markers[0]}`;
const isRedactionSummary = (summary: string) => /^Redacted (\d+ × )?\[[^\s[\]]+\]$/u.test(summary);

/** One redacted run: the utterance it was in, its words' ids, its range of time, the marker's id and text. */
export interface RedactionSpan {
  utteranceId: string;
  wordIds: readonly string[];
  start: number;
  end: number;
  markerId: string;
  marker: string;
  /** The words' text as they were (for the phrase rules below; never stored). */
  text: string;
}

/** Where to find the spans that may hold a word of a state. */
export class SpanIndex {
  private readonly byWord = new Map<string, RedactionSpan>();
  private readonly byUtterance = new Map<string, RedactionSpan[]>();
  constructor(readonly spans: readonly RedactionSpan[]) {
    for (const s of spans) {
      for (const id of s.wordIds) this.byWord.set(id, s);
      const list = this.byUtterance.get(s.utteranceId) ?? [];
      list.push(s);
      this.byUtterance.set(s.utteranceId, list);
    }
  }
  /** The span that takes this word of utterance `utteranceId`, if any. */
  spanOf(utteranceId: string, w: WordDto): RedactionSpan | undefined {
    const byId = this.byWord.get(w.id);
    if (byId) return byId;
    for (const s of this.byUtterance.get(utteranceId) ?? []) if (inRange(w, s)) return s;
    return undefined;
  }
  mayTouch(state: UtteranceState): boolean {
    return this.byUtterance.has(state.id) || state.transcriptWords.some((w) => this.byWord.has(w.id));
  }
}

/** Overlapping the range, or inside it (a word of no length at its edge counts). */
const inRange = (w: WordDto, s: RedactionSpan) =>
  (w.startTime < s.end && w.endTime > s.start) || (w.startTime >= s.start && w.endTime <= s.end && s.end > s.start);

/**
 * The state with each run of redacted words as one marker word (its first start, last end). The
 * first run of a span in a state takes the span's marker id, later ones a numbered id. Applying it
 * twice changes nothing more. Answers the same object when nothing is redacted.
 */
export function scrubState(state: UtteranceState, index: SpanIndex): UtteranceState {
  if (!index.mayTouch(state)) return state;
  const words = state.transcriptWords;
  const out: WordDto[] = [];
  const runs = new Map<RedactionSpan, number>();
  let changed = false;
  for (let i = 0; i < words.length; ) {
    const w = words[i]!;
    const span = index.spanOf(state.id, w);
    if (!span) {
      out.push(out.length === w.position ? w : { ...w, position: out.length });
      i++;
      continue;
    }
    let last = i;
    while (last + 1 < words.length && index.spanOf(state.id, words[last + 1]!) === span) last++;
    const n = runs.get(span) ?? 0;
    runs.set(span, n + 1);
    const marker: WordDto = {
      id: n === 0 ? span.markerId : `${span.markerId}.${n}`,
      text: span.marker,
      startTime: w.startTime,
      endTime: words[last]!.endTime,
      position: out.length,
      confidenceScore: 1,
      hasEntities: false,
    };
    if (last !== i || !sameMarker(w, marker)) changed = true;
    out.push(marker);
    i = last + 1;
  }
  return changed ? { ...state, transcriptWords: out } : state;
}

const sameMarker = (w: WordDto, m: WordDto) =>
  w.id === m.id &&
  w.text === m.text &&
  w.startTime === m.startTime &&
  w.endTime === m.endTime &&
  w.confidenceScore === m.confidenceScore &&
  w.originalConfidenceScore === undefined &&
  !w.hasEntities;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whole-word, case-insensitive occurrences of each span's phrase replaced by its marker (summary, notes, quotes). */
export function scrubText(text: string, spans: readonly RedactionSpan[]): string {
  let out = text;
  for (const s of spans) {
    const phrase = s.text.trim();
    if (phrase.length < 2) continue;
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "giu"), s.marker);
  }
  return out;
}

/** Whether a text names any redacted word (of 2 characters or more), whole-word and case-insensitive. */
export function mentionsRedacted(text: string, spans: readonly RedactionSpan[]): boolean {
  const lower = text.toLowerCase();
  for (const s of spans)
    for (const word of s.text.toLowerCase().split(/\s+/)) {
      const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      if (bare.length < 2) continue;
      if (new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(bare)}(?![\\p{L}\\p{N}])`, "u").test(lower)) return true;
    }
  return false;
}

function scrubFields(fields: TranscriptFields, spans: readonly RedactionSpan[]): TranscriptFields {
  const out: TranscriptFields = { ...fields };
  if (typeof fields.summary === "string") out.summary = scrubText(fields.summary, spans);
  if (typeof fields.notes === "string") out.notes = scrubText(fields.notes, spans);
  if (fields.chapters)
    out.chapters = fields.chapters.map((c) => ({ ...c, title: scrubText(c.title, spans), summary: scrubText(c.summary, spans) }));
  return out;
}

/** A kept history entry as the rewrite reads it. */
export interface HistoryEntryIn {
  seq: number;
  summary: string;
  change: RecordedChange;
}
export interface HistoryRewrite {
  /** Entries to write again: the change with both sides (encoded by the caller) and the summary. */
  rewritten: { seq: number; change: Change; summary: string }[];
  /** Entries at or before this seq must go (a re-transcription, or a state the walk could not find); null: none. */
  dropThrough: number | null;
}

/**
 * Every entry up to the pointer (oldest first in `entries`) rebuilt with whole states, walking
 * back from the rows as they now are (`current`, before the scrub), each side scrubbed and its
 * fields' phrases replaced. The newest entry `keepSummaryOf` (the redaction itself) keeps its
 * summary; another whose states changed, or whose summary names a redacted word, is renamed.
 * Entries after the pointer are not read: the redaction's own entry cuts the redo branch.
 */
export function rewriteHistory(
  entries: readonly HistoryEntryIn[],
  pointer: number,
  current: ReadonlyMap<string, UtteranceState>,
  index: SpanIndex,
  keepSummaryOf: number | null,
): HistoryRewrite {
  const rows = new Map(current);
  const rewritten: HistoryRewrite["rewritten"] = [];
  const newestFirst = entries.filter((e) => e.seq <= pointer).sort((a, b) => b.seq - a.seq);
  for (const entry of newestFirst) {
    const recorded = entry.change;
    if (isRetranscription(recorded)) return { rewritten, dropThrough: entry.seq };
    const utterances: Change["utterances"] = [];
    let touched = false;
    for (const u of recorded.utterances) {
      let before: UtteranceState | null;
      let after: UtteranceState | null;
      if ("diff" in u) {
        const now = rows.get(u.id);
        if (!now) return { rewritten, dropThrough: entry.seq };
        const [v0, v1] = u.versions ?? [now.version - 1, now.version];
        after = { ...now, version: v1 };
        before = { ...revert(now, u.diff), version: v0 };
      } else {
        before = u.before;
        after = u.after;
      }
      if (before) rows.set(u.id, before);
      else rows.delete(u.id);
      const [sb, sa] = [before && scrubState(before, index), after && scrubState(after, index)];
      if (sb !== before || sa !== after) touched = true;
      utterances.push({ id: u.id, before: sb, after: sa });
    }
    const fields = recorded.fields && {
      before: scrubFields(recorded.fields.before, index.spans),
      after: scrubFields(recorded.fields.after, index.spans),
    };
    const change: Change = { ...recorded, utterances, ...(fields ? { fields } : {}) };
    const renamed =
      entry.seq !== keepSummaryOf && !isRedactionSummary(entry.summary) && (touched || mentionsRedacted(entry.summary, index.spans));
    rewritten.push({ seq: entry.seq, change, summary: renamed ? REDACTED_SUMMARY : entry.summary });
  }
  return { rewritten, dropThrough: null };
}
