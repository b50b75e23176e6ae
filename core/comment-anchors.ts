// Where a comment sits in a transcript (decision 040). An anchor is the list of word ids it was
// made on, in text order. Word ids survive edits of other words, a word's own correction, splits,
// merges and undo (they are restored with their words), so the anchor is found again by id alone:
// it runs from the first to the last of its words still there, taking in words typed between
// them. With none left the comment keeps the time and text it last had, marked removed, and comes
// back if an undo brings its words back.

/** A word of the transcript in text order, as anchors need it. */
export interface AnchorWord {
  id: string;
  text: string;
  start: number;
  end: number;
}

/** What the store keeps of an anchor. */
export interface StoredAnchor {
  wordIds: readonly string[];
  startTime: number;
  endTime: number;
  text: string;
}

export interface ResolvedAnchor {
  startWordId: string;
  endWordId: string;
  startTime: number;
  endTime: number;
  text: string;
  removed: boolean;
  /** Where it sorts in text order: its first word's index (a removed one: the first word at or after its time). */
  position: number;
}

export type AnchorProblem = "not_found" | "reversed" | "too_long";

/** The transcript's words in text order with each id's index: built once, read for every anchor. */
export class AnchorIndex {
  readonly #at = new Map<string, number>();
  constructor(readonly words: readonly AnchorWord[]) {
    for (let i = 0; i < words.length; i++) this.#at.set(words[i]!.id, i);
  }
  indexOf(id: string): number | undefined {
    return this.#at.get(id);
  }
  /** The first word starting at or after a time (words are in time order but for a few edited ones). */
  positionAt(time: number): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid]!.start < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const textOf = (words: readonly AnchorWord[], first: number, last: number) =>
  words
    .slice(first, last + 1)
    .map((w) => w.text)
    .join(" ");

/** A new anchor on the words from `startId` to `endId`, or why it cannot be made. */
export function anchorOn(index: AnchorIndex, startId: string, endId: string, maxWords: number): StoredAnchor | AnchorProblem {
  const first = index.indexOf(startId);
  const last = index.indexOf(endId);
  if (first === undefined || last === undefined) return "not_found";
  if (last < first) return "reversed";
  if (last - first + 1 > maxWords) return "too_long";
  const words = index.words;
  return {
    wordIds: words.slice(first, last + 1).map((w) => w.id),
    startTime: words[first]!.start,
    endTime: words[last]!.end,
    text: textOf(words, first, last),
  };
}

/** Where an anchor is now. */
export function resolveAnchor(index: AnchorIndex, anchor: StoredAnchor): ResolvedAnchor {
  let first = Infinity;
  let last = -1;
  for (const id of anchor.wordIds) {
    const at = index.indexOf(id);
    if (at === undefined) continue;
    if (at < first) first = at;
    if (at > last) last = at;
  }
  if (last < 0) {
    return {
      startWordId: anchor.wordIds[0] ?? "",
      endWordId: anchor.wordIds.at(-1) ?? "",
      startTime: anchor.startTime,
      endTime: anchor.endTime,
      text: anchor.text,
      removed: true,
      position: index.positionAt(anchor.startTime),
    };
  }
  const words = index.words;
  return {
    startWordId: words[first]!.id,
    endWordId: words[last]!.id,
    startTime: words[first]!.start,
    endTime: words[last]!.end,
    text: textOf(words, first, last),
    removed: false,
    position: first,
  };
}

/**
 * A removed anchor's words again after a re-transcription replaced them: the new words spoken in
 * its time, added after its old ids (an undo that brings the old words back finds those first).
 * Null when no word of the transcript falls in that time, or the anchor still has words.
 */
export function reanchorByTime(index: AnchorIndex, anchor: StoredAnchor, maxWords: number): StoredAnchor | null {
  if (anchor.wordIds.some((id) => index.indexOf(id) !== undefined)) return null;
  const inTime = index.words.filter((w) => w.end > anchor.startTime && w.start < anchor.endTime).slice(0, maxWords);
  if (!inTime.length) return null;
  return { ...anchor, wordIds: [...anchor.wordIds, ...inTime.map((w) => w.id)] };
}
