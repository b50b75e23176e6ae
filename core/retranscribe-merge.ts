// Re-transcribing a corrected transcript (decision 017), as plain data: which
// old utterances stay (those a user operation wrote), which new ones come in,
// trimmed where a kept utterance covers the same time, and the order keys that
// place the new ones between the kept ones without rewriting them.
import { keysBetween } from "./order-keys";
import { DETAILS_LIMITS } from "./details-limits";

/** An utterance of the current transcript, in order; `span` covers its words (kept ones only need it). */
export interface OldUtterance {
  id: string;
  orderKey: string;
  edited: boolean;
  span: { start: number; end: number };
}

/** A word of the new recognition (the stored shape's times). */
export interface TimedWord {
  s: number;
  e: number;
  c: number;
}

/** An utterance of the new recognition, in time order. */
export interface FreshUtterance<W extends TimedWord> {
  speakerId: string;
  start: number;
  end: number;
  confidence: number;
  sentiment: string | null;
  sentimentConfidence: number | null;
  words: W[];
}

export interface MergePlan<W extends TimedWord> {
  /** Old utterances kept as they are (edited ones, unless corrections are discarded). */
  kept: OldUtterance[];
  /** Old utterances replaced by the new recognition. */
  removed: OldUtterance[];
  /** New utterances (or the parts of one around a kept utterance), with their order keys. */
  inserted: (FreshUtterance<W> & { orderKey: string })[];
  /** New words dropped because a kept utterance covers their time. */
  droppedWords: number;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Whether a word's time overlaps a kept utterance's (touching ends do not), in
 * O(log n) for kept utterances in time order: spans sorted by start, with the
 * running maximum of their ends to stop the walk back early.
 */
function overlapTest(spans: OldUtterance["span"][]): (w: TimedWord) => boolean {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const maxEnd: number[] = [];
  for (const s of sorted) maxEnd.push(Math.max(s.end, maxEnd[maxEnd.length - 1] ?? -Infinity));
  return (w) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start < w.e) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo - 1; k >= 0 && maxEnd[k]! > w.s; k--) if (sorted[k]!.end > w.s) return true;
    return false;
  };
}

/**
 * The merge. Kept utterances keep their place and keys; a new word overlapping
 * one of them in time is dropped (the kept one wins); the words left are grouped
 * into runs that never straddle a kept utterance, each placed by time between
 * the kept ones.
 */
export function planMerge<W extends TimedWord>(
  old: readonly OldUtterance[],
  fresh: readonly FreshUtterance<W>[],
  options: { discardCorrections: boolean },
): MergePlan<W> {
  const kept = options.discardCorrections ? [] : old.filter((u) => u.edited);
  const removed = options.discardCorrections ? [...old] : old.filter((u) => !u.edited);
  // Running maximum of the kept starts: "after kept i" is then monotone in i even if the kept ones are not in time order.
  const starts: number[] = [];
  for (const u of kept) starts.push(Math.max(u.span.start, starts[starts.length - 1] ?? -Infinity));
  /** How many kept utterances come before a word: those it does not end at or before. */
  const slotOf = (w: TimedWord) => {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (w.e > starts[mid]!) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const overlapsKept = overlapTest(kept.map((u) => u.span));
  const runs: { slot: number; run: FreshUtterance<W> }[] = [];
  let droppedWords = 0;
  for (const u of fresh) {
    let current: { slot: number; words: W[] } | null = null;
    const pieces: { slot: number; words: W[] }[] = [];
    for (const w of u.words) {
      if (overlapsKept(w)) {
        droppedWords++;
        current = null;
        continue;
      }
      const slot = slotOf(w);
      if (!current || current.slot !== slot) {
        current = { slot, words: [] };
        pieces.push(current);
      }
      current.words.push(w);
    }
    for (const piece of pieces) {
      const whole = pieces.length === 1 && piece.words.length === u.words.length;
      runs.push({ slot: piece.slot, run: whole ? u : trimmed(u, piece.words) });
    }
  }
  // Stable: runs keep the recognition's order within a slot.
  runs.sort((a, b) => a.slot - b.slot);

  const inserted: MergePlan<W>["inserted"] = [];
  for (let slot = 0, i = 0; slot <= kept.length; slot++) {
    const group: FreshUtterance<W>[] = [];
    while (i < runs.length && runs[i]!.slot === slot) group.push(runs[i++]!.run);
    if (!group.length) continue;
    const keys = keysBetween(kept[slot - 1]?.orderKey ?? null, kept[slot]?.orderKey ?? null, group.length);
    inserted.push(...group.map((run, k) => ({ ...run, orderKey: keys[k]! })));
  }
  return { kept, removed, inserted, droppedWords };
}

/** The part of a new utterance that is left: its times and confidence from its words. */
function trimmed<W extends TimedWord>(u: FreshUtterance<W>, words: W[]): FreshUtterance<W> {
  return {
    ...u,
    start: words[0]!.s,
    end: Math.max(...words.map((w) => w.e)),
    confidence: round4(words.reduce((sum, w) => sum + w.c, 0) / words.length),
    words,
  };
}

export interface OldSpeaker {
  id: string;
  originalLabel: string;
  position: number;
  /** Stays whatever the new recognition says: the user named it, or it speaks in a kept utterance. */
  stays?: boolean;
}

/**
 * The new recognition's speakers onto the transcript's: a label the transcript
 * already has is that speaker (its name and role stay); other labels become new
 * speakers after the existing ones, as long as the transcript stays within `max`
 * speakers. Labels past it are folded into the last speaker added, or the last
 * one staying when none could be (decision 032).
 */
export function matchSpeakers(
  old: readonly OldSpeaker[],
  fresh: readonly { id: string; label: string }[],
  max: number = DETAILS_LIMITS.speakersMax,
): { idFor: Map<string, string>; added: { id: string; label: string; position: number }[] } {
  const byPosition = [...old].sort((a, b) => a.position - b.position);
  const byLabel = new Map<string, string>();
  for (const s of byPosition) if (!byLabel.has(s.originalLabel)) byLabel.set(s.originalLabel, s.id);
  let next = old.reduce((max, s) => Math.max(max, s.position + 1), 0);
  const idFor = new Map<string, string>();
  const staying = new Set(old.filter((s) => s.stays).map((s) => s.id));
  for (const s of fresh) {
    const existing = byLabel.get(s.label);
    if (existing) {
      idFor.set(s.id, existing);
      staying.add(existing);
    }
  }
  let room = max - staying.size;
  const lastStaying = byPosition.filter((s) => staying.has(s.id)).at(-1)?.id;
  const added: { id: string; label: string; position: number }[] = [];
  for (const s of fresh) {
    if (idFor.has(s.id)) continue;
    const fold = added.at(-1)?.id ?? lastStaying;
    if (room <= 0 && fold !== undefined) {
      idFor.set(s.id, fold);
      continue;
    }
    idFor.set(s.id, s.id);
    added.push({ id: s.id, label: s.label, position: next++ });
    room--;
  }
  return { idFor, added };
}

/** The history entry's text, e.g. "Re-transcribed with Whisper (German, 2 terms); kept 42 corrected utterances". */
export function retranscriptionSummary(
  serviceLabel: string,
  options: { language: string | null; terms: readonly string[] },
  kept: number,
  discarded: boolean,
  languageName: (code: string) => string,
): string {
  const details = [
    ...(options.language ? [languageName(options.language)] : []),
    ...(options.terms.length ? [`${options.terms.length} term${options.terms.length === 1 ? "" : "s"}`] : []),
  ];
  const using = `Re-transcribed with ${serviceLabel}${details.length ? ` (${details.join(", ")})` : ""}`;
  if (discarded) return `${using}; corrections discarded`;
  return `${using}; kept ${kept} corrected utterance${kept === 1 ? "" : "s"}`;
}
