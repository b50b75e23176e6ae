// Word conflicts in the editor (decision 052): the server merges a word edit made on an older
// version of an utterance with the changes since, word by word, and refuses it only for words
// someone else changed too. Here the editor keeps the person's own text for those words, shows
// both at the utterance, and lets them choose; and when a save came back merged while more edits
// of the utterance wait, it moves those onto the merged words the same way.
import type { TranscriptOp, WordPatch } from "../../../../core/operations";
import { applyOp } from "../../../../core/transcript-apply";
import type { WordConflictDto } from "../../../../core/operation-results";
import type { EditorOp } from "./details-ops";
import type { PermanentFailure } from "./save-queue";
import type { UtteranceDto, WordDto } from "../../../../core/transcript";
import { type EditableWord, wordPatches } from "../../../../core/word-diff";
import { mergeWordEdit, type MergePreference } from "../../../../core/word-merge";

/** One word both changed: its text now on the server and the person's (null: removed). */
export interface ConflictWord {
  id: string;
  theirs: string | null;
  yours: string | null;
}

/** What the utterance shows until the person chooses. */
export interface WordConflict {
  utteranceId: string;
  words: ConflictWord[];
  /** The person's words as they were, in their order (Use mine puts the conflicting ones back). */
  mine: readonly EditableWord[];
}

const sameWord = (a: WordDto, b: WordDto) =>
  a.id === b.id && a.text === b.text && a.startTime === b.startTime && a.endTime === b.endTime && a.confidenceScore === b.confidenceScore;
export const sameWords = (a: readonly WordDto[], b: readonly WordDto[]) => a.length === b.length && a.every((w, i) => sameWord(w, b[i]!));

/**
 * The person's unsaved words (`local`, made on `base`) moved onto the server's `current` words:
 * the words as the editor should now hold them, their own changes flagged so the next save sends
 * them. Null when they cannot be merged without choosing (a word both changed), unless `prefer` says who wins.
 */
export function rebaseLocal(
  base: readonly WordDto[],
  current: readonly WordDto[],
  local: readonly EditableWord[],
  now: number,
  prefer?: MergePreference,
): EditableWord[] | null {
  const merged = mergeWordEdit(base, current, wordPatches(local), prefer);
  if (merged.kind !== "merged") return null;
  return wordsFromPatches(current, merged.words, local, now);
}

/** The words a merged patch list gives over `current`, the sender's ones flagged as in `local`. */
function wordsFromPatches(current: readonly WordDto[], patches: readonly WordPatch[], local: readonly EditableWord[], now: number) {
  const held = new Map(current.map((w) => [w.id, w]));
  const mine = new Map(local.map((w) => [w.id, w]));
  return patches.map((p, position): EditableWord => {
    const word = held.get(p.id);
    if (word && p.text === undefined) return { ...word, position };
    // The person's word: a new one (also one the others removed meanwhile) goes whole, a changed one by its fields.
    const own = mine.get(p.id)!;
    const flags = word ? { isModified: true as const } : { isNew: true as const };
    return { ...own, isNew: undefined, isModified: undefined, ...flags, lastModifiedAt: own.lastModifiedAt ?? now, position };
  });
}

/** The words both the person (`local`, made on `base`) and the others (`current`) changed differently. */
export function contestedWords(base: readonly WordDto[], current: readonly WordDto[], local: readonly EditableWord[]): string[] {
  const merged = mergeWordEdit(base, current, wordPatches(local));
  return merged.kind === "conflict" ? merged.wordIds : [];
}

/** The words an update_words leaves on `base` (null: the rules refuse it there). */
export function wordsAfter(base: UtteranceDto, op: Extract<TranscriptOp, { type: "update_words" }>): WordDto[] | null {
  try {
    const ctx = { utterance: () => base, next: () => undefined, speakerName: () => undefined };
    return applyOp(ctx, op).change.utterances[0]?.after?.transcriptWords ?? base.transcriptWords;
  } catch {
    return null;
  }
}

/** The conflict as the utterance shows it. */
export function describeConflict(
  utteranceId: string,
  wordIds: readonly string[],
  current: UtteranceDto,
  mine: readonly EditableWord[],
): WordConflict {
  const theirs = new Map(current.transcriptWords.map((w) => [w.id, w.text]));
  const yours = new Map(mine.map((w) => [w.id, w.text]));
  return {
    utteranceId,
    words: wordIds.map((id) => ({ id, theirs: theirs.get(id) ?? null, yours: yours.get(id) ?? null })),
    mine,
  };
}

/**
 * Use mine: the conflicting words as the person had them, over the words held now. A word they
 * removed goes; one the others removed comes back after the word it followed.
 */
export function withMine(words: readonly EditableWord[], conflict: WordConflict, now: number): EditableWord[] {
  const ids = new Set(conflict.words.map((w) => w.id));
  const mine = new Map(conflict.mine.map((w) => [w.id, w]));
  const out: EditableWord[] = [];
  const placed = new Set<string>();
  for (const w of words) {
    if (!ids.has(w.id)) {
      out.push(w);
      continue;
    }
    const own = mine.get(w.id);
    if (own) out.push({ ...own, isNew: undefined, isModified: true, lastModifiedAt: now });
    placed.add(w.id);
  }
  // Back after the nearest word before it (in the person's order) that is still there.
  conflict.mine.forEach((own, i) => {
    if (!ids.has(own.id) || placed.has(own.id)) return;
    let at = 0;
    for (let k = i - 1; k >= 0; k--) {
      const before = out.findIndex((w) => w.id === conflict.mine[k]!.id);
      if (before >= 0) {
        at = before + 1;
        break;
      }
    }
    out.splice(at, 0, { ...own, isModified: undefined, isNew: true, lastModifiedAt: now });
  });
  return out.map((w, position) => (w.position === position ? w : { ...w, position }));
}

/** A word save refused for words someone else changed too: its utterance as it now is (the 409's data). */
export function wordConflictOf(op: EditorOp, failure: PermanentFailure): { utteranceId: string; current: UtteranceDto } | null {
  if (op.type !== "update_words" || failure.status !== 409) return null;
  const data = (failure.body as { data?: Partial<WordConflictDto> } | null)?.data;
  const current = data?.utterances?.find((u) => u.id === op.utteranceId);
  return current && data?.conflicts?.length ? { utteranceId: op.utteranceId, current } : null;
}

/** The conflicts the editor shows, one per utterance; the view subscribes per utterance. */
export class WordConflicts {
  private readonly byUtterance = new Map<string, WordConflict>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get(utteranceId: string): WordConflict | undefined {
    return this.byUtterance.get(utteranceId);
  }

  set(conflict: WordConflict): void {
    this.byUtterance.set(conflict.utteranceId, conflict);
    this.emit(conflict.utteranceId);
  }

  dismiss(utteranceId: string): void {
    if (this.byUtterance.delete(utteranceId)) this.emit(utteranceId);
  }

  subscribe(utteranceId: string, listener: () => void): () => void {
    let set = this.listeners.get(utteranceId);
    if (!set) {
      set = new Set();
      this.listeners.set(utteranceId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(utteranceId);
    };
  }

  private emit(utteranceId: string): void {
    for (const l of [...(this.listeners.get(utteranceId) ?? [])]) l();
  }
}
