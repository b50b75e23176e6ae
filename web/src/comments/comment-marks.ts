// Where each comment thread sits in the editor's document, worked out once per comments list
// (and again once edits settle): the words of open threads per utterance, for the underline drawn
// with the words, and the open threads starting in each utterance, for its marker. An anchor
// names its first and last word; the words between them in the document are its words.
import type { CommentAnchorDto, CommentDto } from "../../../common/comments";

export interface MarkedUtterance {
  id: string;
  transcriptWords: readonly { id: string; text: string }[];
}

/** A thread's place in the document now. */
export interface ThreadPlace {
  utteranceId: string;
  /** Its first word's index in that utterance. */
  wordIndex: number;
  /** Its words' text as the document reads now. */
  text: string;
}

export interface CommentMarks {
  /** Utterance id → the ids of its words under an open thread. */
  words: Map<string, Set<string>>;
  /** Utterance id → the open threads whose first word is in it, in text order. */
  threads: Map<string, string[]>;
  /** Thread id → where its words are (open or resolved); absent when none of them is held here. */
  places: Map<string, ThreadPlace>;
}

export const NO_MARKS: CommentMarks = { words: new Map(), threads: new Map(), places: new Map() };

type Position = [utterance: number, word: number];

const before = (a: Position, b: Position) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** What the marks need of a thread (a highlight gives the same: core/comment-anchors.ts anchors both). */
export type MarkedAnchor = Pick<CommentDto, "id" | "resolved"> & {
  anchor: Pick<CommentAnchorDto, "start_word_id" | "end_word_id" | "removed">;
};

export function commentMarks(utterances: readonly MarkedUtterance[], comments: readonly MarkedAnchor[]): CommentMarks {
  if (!comments.length) return NO_MARKS;
  // Only the anchors' ends are looked for: a 3-hour transcript's 30,000 words are read, not indexed.
  const ends = new Set<string>();
  for (const t of comments) if (!t.anchor.removed) ends.add(t.anchor.start_word_id).add(t.anchor.end_word_id);
  const at = new Map<string, Position>();
  for (let u = 0; u < utterances.length && at.size < ends.size; u++) {
    const words = utterances[u]!.transcriptWords;
    for (let w = 0; w < words.length; w++) if (ends.has(words[w]!.id)) at.set(words[w]!.id, [u, w]);
  }
  const marks: CommentMarks = { words: new Map(), threads: new Map(), places: new Map() };
  for (const thread of comments) {
    if (thread.anchor.removed) continue;
    // A word deleted here and not saved yet: the other end (or nothing) is what is left.
    let first = at.get(thread.anchor.start_word_id) ?? at.get(thread.anchor.end_word_id);
    let last = at.get(thread.anchor.end_word_id) ?? first;
    if (!first || !last) continue;
    if (before(last, first)) [first, last] = [last, first];
    const text: string[] = [];
    for (let u = first[0]; u <= last[0]; u++) {
      const utterance = utterances[u]!;
      const words = utterance.transcriptWords;
      const from = u === first[0] ? first[1] : 0;
      const to = u === last[0] ? last[1] : words.length - 1;
      let set = thread.resolved ? undefined : marks.words.get(utterance.id);
      if (!thread.resolved && !set) {
        set = new Set();
        marks.words.set(utterance.id, set);
      }
      for (let w = from; w <= to; w++) {
        set?.add(words[w]!.id);
        text.push(words[w]!.text);
      }
    }
    const startId = utterances[first[0]]!.id;
    marks.places.set(thread.id, { utteranceId: startId, wordIndex: first[1], text: text.join(" ") });
    if (thread.resolved) continue;
    const list = marks.threads.get(startId) ?? [];
    list.push(thread.id);
    marks.threads.set(startId, list);
  }
  return marks;
}

const sameSet = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) =>
  (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((id) => b?.has(id));
const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((id, i) => b?.[i] === id);

/** The utterances whose underlined words differ, and those whose marker differs: only these are drawn again. */
export function changedMarks(before: CommentMarks, after: CommentMarks): { words: string[]; markers: string[] } {
  const words = new Set([...before.words.keys(), ...after.words.keys()]);
  const markers = new Set([...before.threads.keys(), ...after.threads.keys()]);
  return {
    words: [...words].filter((id) => !sameSet(before.words.get(id), after.words.get(id))),
    markers: [...markers].filter((id) => !sameList(before.threads.get(id), after.threads.get(id))),
  };
}

/** Every word under an open thread, for the drawing of words (one lookup per word). */
export function allMarkedWords(marks: CommentMarks): Set<string> {
  const all = new Set<string>();
  for (const set of marks.words.values()) for (const id of set) all.add(id);
  return all;
}
