// Word-level merge of an update_words computed on an older version of its utterance (decision 052):
// the sender's changes against that version (the base) land on the utterance as it now is, unless
// someone else changed the same word since. Words are told apart by id, so what each side did is
// exact: a word changed, deleted, or inserted between neighbours.
import type { WordPatch } from "./operations";
import type { WordDto } from "./transcript";

/** How an edit of the same word by both sides is settled: not at all (a conflict), or one side wins. */
export type MergePreference = "mine" | "theirs";

export type WordMerge =
  /** The update_words to apply to the current words: the sender's changes on top of the others'. */
  | { kind: "merged"; words: WordPatch[] }
  /** Words both sides changed differently (or one changed and the other deleted), in the base's order. */
  | { kind: "conflict"; wordIds: string[] }
  /** The request is not a plain edit of the base (an unknown word, a repeated id, words reordered). */
  | { kind: "unmergeable" };

type Fields = Pick<WordDto, "text" | "startTime" | "endTime" | "confidenceScore">;
const sameFields = (a: Fields, b: Fields) =>
  a.text === b.text && a.startTime === b.startTime && a.endTime === b.endTime && a.confidenceScore === b.confidenceScore;

/** One word of a side's result, as that side has it. */
interface SideWord extends Fields {
  id: string;
}

/** What one side did to the base: its words in order, and which base words it changed or deleted. */
interface SideEdit {
  words: SideWord[];
  byId: Map<string, SideWord>;
  changed: Set<string>;
}

/** Base words in a side's list must keep the base's order: a merge places words by them. */
function inBaseOrder(ids: readonly string[], baseIndex: ReadonlyMap<string, number>): boolean {
  let last = -1;
  for (const id of ids) {
    const at = baseIndex.get(id);
    if (at === undefined) continue;
    if (at < last) return false;
    last = at;
  }
  return true;
}

/** The sender's edit as its patches say it (null when they are not an edit of the base). */
function senderEdit(
  base: ReadonlyMap<string, WordDto>,
  current: ReadonlyMap<string, WordDto>,
  patches: readonly WordPatch[],
): SideEdit | null {
  const words: SideWord[] = [];
  const changed = new Set<string>();
  for (const p of patches) {
    const old = base.get(p.id);
    if (!old) {
      // A word the base did not have is new: whole, and not one the others added meanwhile.
      if (current.has(p.id) || p.text === undefined || p.start_time === undefined || p.end_time === undefined) return null;
      if (p.confidence_score === undefined) return null;
      words.push({ id: p.id, text: p.text, startTime: p.start_time, endTime: p.end_time, confidenceScore: p.confidence_score });
      continue;
    }
    const word = {
      id: p.id,
      text: p.text ?? old.text,
      startTime: p.start_time ?? old.startTime,
      endTime: p.end_time ?? old.endTime,
      confidenceScore: p.confidence_score ?? old.confidenceScore,
    };
    if (!sameFields(word, old)) changed.add(p.id);
    words.push(word);
  }
  const byId = new Map(words.map((w) => [w.id, w]));
  if (byId.size !== words.length) return null;
  return { words, byId, changed };
}

/** What the others did between the base and now. */
function othersEdit(base: ReadonlyMap<string, WordDto>, current: readonly WordDto[]): SideEdit {
  const changed = new Set<string>();
  for (const w of current) {
    const old = base.get(w.id);
    if (old && !sameFields(w, old)) changed.add(w.id);
  }
  return { words: [...current], byId: new Map(current.map((w) => [w.id, w])), changed };
}

/**
 * The sender's `patches`, computed on `base`, merged onto `current` (the same utterance since).
 * A base word both sides changed to different results, or one changed and the other deleted, is a
 * conflict unless `prefer` names the side that wins. A word both changed alike, or both deleted,
 * agrees. Words each side inserted keep their places between the words both kept; where both
 * inserted at one place, they go in time order (the others' first on a tie).
 */
export function mergeWordEdit(
  base: readonly WordDto[],
  current: readonly WordDto[],
  patches: readonly WordPatch[],
  prefer?: MergePreference,
): WordMerge {
  const baseById = new Map(base.map((w) => [w.id, w]));
  const baseIndex = new Map(base.map((w, i) => [w.id, i]));
  const currentById = new Map(current.map((w) => [w.id, w]));
  const mine = senderEdit(baseById, currentById, patches);
  if (
    !mine ||
    !inBaseOrder(
      patches.map((p) => p.id),
      baseIndex,
    ) ||
    !inBaseOrder(
      current.map((w) => w.id),
      baseIndex,
    )
  ) {
    return { kind: "unmergeable" };
  }
  const theirs = othersEdit(baseById, current);

  // Each base word is kept by a side that has it; one side's deletion of a word the other left alone wins.
  const conflicts: string[] = [];
  const keptByMine = new Set<string>();
  const keptByTheirs = new Set<string>();
  /** Base words whose result is the sender's (changed by the sender alone, or the sender won). */
  const mineWins = new Set<string>();
  for (const w of base) {
    const m = mine.byId.get(w.id);
    const t = theirs.byId.get(w.id);
    const mineTouched = !m || mine.changed.has(w.id);
    const theirsTouched = !t || theirs.changed.has(w.id);
    if (!mineTouched || !theirsTouched) {
      // One side left it alone: the other's change (or deletion) stands.
      if (m && t) {
        keptByMine.add(w.id);
        keptByTheirs.add(w.id);
        if (mineTouched) mineWins.add(w.id);
      }
      continue;
    }
    // Both touched it: agreeing is no conflict.
    if (!m && !t) continue;
    if (m && t && sameFields(m, t)) {
      keptByMine.add(w.id);
      keptByTheirs.add(w.id);
      continue;
    }
    if (!prefer) {
      conflicts.push(w.id);
      continue;
    }
    const winner = prefer === "mine" ? m : t;
    if (!winner) continue;
    // The winner's word; where the other side deleted it, it comes back in the winner's place.
    if (prefer === "mine") {
      keptByMine.add(w.id);
      if (t) keptByTheirs.add(w.id);
      mineWins.add(w.id);
    } else {
      keptByTheirs.add(w.id);
      if (m) keptByMine.add(w.id);
    }
  }
  if (conflicts.length) return { kind: "conflict", wordIds: conflicts };

  const mineWords = mine.words.filter((w) => !baseById.has(w.id) || keptByMine.has(w.id));
  const theirWords = theirs.words.filter((w) => !baseById.has(w.id) || keptByTheirs.has(w.id));
  const merged = interleave(mineWords, theirWords, (id) => baseById.has(id) && keptByMine.has(id) && keptByTheirs.has(id));
  return {
    kind: "merged",
    words: merged.map((word): WordPatch => {
      // The others' words as they are; the sender's in full (a new one, or one the sender changed or won).
      if (currentById.has(word.id) && !mineWins.has(word.id)) return { id: word.id };
      const own = mine.byId.get(word.id) ?? word;
      return { id: own.id, text: own.text, start_time: own.startTime, end_time: own.endTime, confidence_score: own.confidenceScore };
    }),
  };
}

/**
 * Both lists in one order: the words both kept (`common`) are in both, in the same order; between
 * two of them each list has a run of its own, and the runs are merged by start time.
 */
function interleave(mine: readonly SideWord[], theirs: readonly SideWord[], common: (id: string) => boolean): SideWord[] {
  const out: SideWord[] = [];
  let i = 0;
  let j = 0;
  while (i < mine.length || j < theirs.length) {
    const m = mine[i];
    const t = theirs[j];
    const mineRun = m !== undefined && !common(m.id);
    const theirRun = t !== undefined && !common(t.id);
    if (mineRun && (!theirRun || m.startTime < t!.startTime)) {
      out.push(m);
      i++;
    } else if (theirRun) {
      out.push(t);
      j++;
    } else {
      // Both at a word both kept: the same one, since the lists keep those in the base's order.
      out.push(t ?? m!);
      i++;
      j++;
    }
  }
  return out;
}
