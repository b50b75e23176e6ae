// Chapters of a transcript (decision 046): a transcript field like the summary, kept as a list
// anchored on word ids the way comments are (comment-anchors.ts), so they follow the words
// through edits, splits, merges and undo. A chapter whose word is gone keeps the time it last
// had and sits at the first word from then on. The list always covers the whole recording:
// the first chapter starts at the beginning, each ends where the next starts.
import type { AnchorIndex } from "./comment-anchors";
import type { Change, HistoryType } from "./change";
import { plainTextProblem } from "./plain-text";
import { unprocessable } from "./refusal";

/** A chapter as the store keeps it; `startTime` is its word's start when last written. */
export interface StoredChapter {
  id: string;
  title: string;
  startWordId: string;
  summary: string;
  startTime: number;
}

/** A chapter where it now is: from its word (or the word that took its place) to the next chapter. */
export interface ResolvedChapter {
  id: string;
  title: string;
  summary: string;
  startWordId: string;
  startTime: number;
  endTime: number;
}

/** One chapter of a PUT: an existing chapter's id keeps it (and its summary when none is sent). */
export interface ChapterInput {
  id?: string | undefined;
  title: string;
  startWordId: string;
  summary?: string | undefined;
}

export const CHAPTER_LIMITS = { titleMax: 200, summaryMax: 500, chaptersMax: 100 } as const;

export const CHAPTER_MESSAGES = {
  titleRequired: "Chapter title is required",
  titleTooLong: `Chapter title must be ${CHAPTER_LIMITS.titleMax} characters or less`,
  summaryTooLong: `Chapter summary must be ${CHAPTER_LIMITS.summaryMax} characters or less`,
  tooMany: `A transcript holds at most ${CHAPTER_LIMITS.chaptersMax} chapters`,
  wordNotFound: (id: string) => `Word ${id} is not in this transcript`,
  sameWord: (id: string) => `Two chapters cannot start at the same word (${id})`,
  edited: "Edited chapters",
  generated: "Generated chapters",
} as const;

/** Why a title or summary cannot be kept, or null. */
function textProblem(text: string, max: number, required: boolean): string | null {
  const problem = plainTextProblem(text);
  if (problem) return problem;
  if (required && !text.trim()) return CHAPTER_MESSAGES.titleRequired;
  if (text.trim().length > max) return required ? CHAPTER_MESSAGES.titleTooLong : CHAPTER_MESSAGES.summaryTooLong;
  return null;
}

/** The chapters where they now are, in text order. `end`: the recording's end (its duration). */
export function resolveChapters(index: AnchorIndex, stored: readonly StoredChapter[] | null, end: number): ResolvedChapter[] {
  const list = stored ?? [];
  const words = index.words;
  if (!list.length) return [];
  const placed = list
    .map((chapter, order) => {
      const at = index.indexOf(chapter.startWordId);
      // A gone word: the first word at or after its time (the last word when none is).
      const position = words.length ? (at ?? Math.min(index.positionAt(chapter.startTime), words.length - 1)) : 0;
      return { chapter, order, position };
    })
    .sort((a, b) => a.position - b.position || a.order - b.order || a.chapter.startTime - b.chapter.startTime);
  if (!words.length) placed.sort((a, b) => a.chapter.startTime - b.chapter.startTime);
  const last = Math.max(end, words.at(-1)?.end ?? 0);
  const starts: { id: string; time: number }[] = [];
  placed.forEach(({ chapter, position }, i) => {
    // The first covers the start; an edited word's odd time never puts one before the one ahead.
    const word = words.length ? words[i === 0 ? 0 : position]! : null;
    const time = Math.max(word ? word.start : chapter.startTime, starts[i - 1]?.time ?? -Infinity);
    starts.push({ id: word ? word.id : chapter.startWordId, time });
  });
  return placed.map(({ chapter }, i) => ({
    id: chapter.id,
    title: chapter.title,
    summary: chapter.summary,
    startWordId: starts[i]!.id,
    startTime: starts[i]!.time,
    endTime: Math.max(starts[i + 1]?.time ?? last, starts[i]!.time),
  }));
}

export interface ChaptersPlan {
  change: Change;
  type: HistoryType;
  summary: string;
  chapters: StoredChapter[];
}

const same = (a: readonly StoredChapter[] | null, b: readonly StoredChapter[]) => JSON.stringify(a ?? []) === JSON.stringify(b);

/**
 * A new list for the transcript: ordered by its words, the first starting at the first word.
 * Refused (422): too many, a title or summary that is not plain text of the allowed length, a
 * start word not in the transcript, two on one word. `lenient` (a generated list) leaves those
 * chapters out instead. Null when nothing changes.
 */
export function planChapters(
  index: AnchorIndex,
  current: readonly StoredChapter[] | null,
  input: readonly ChapterInput[],
  opts: { newId: () => string; generated?: boolean },
): ChaptersPlan | null {
  const lenient = opts.generated === true;
  if (input.length > CHAPTER_LIMITS.chaptersMax && !lenient) throw unprocessable(CHAPTER_MESSAGES.tooMany);
  const known = new Map((current ?? []).map((c) => [c.id, c]));
  const placed: { item: ChapterInput; position: number; order: number }[] = [];
  input.forEach((item, order) => {
    const problem =
      textProblem(item.title, CHAPTER_LIMITS.titleMax, true) ??
      (item.summary === undefined ? null : textProblem(item.summary, CHAPTER_LIMITS.summaryMax, false));
    if (problem) {
      if (lenient) return;
      throw unprocessable(problem);
    }
    const position = index.indexOf(item.startWordId);
    if (position === undefined) {
      if (lenient) return;
      throw unprocessable(CHAPTER_MESSAGES.wordNotFound(item.startWordId));
    }
    placed.push({ item, position, order });
  });
  placed.sort((a, b) => a.position - b.position || a.order - b.order);
  const kept = placed.filter((p, i) => {
    if (i === 0 || p.position !== placed[i - 1]!.position) return true;
    if (lenient) return false;
    throw unprocessable(CHAPTER_MESSAGES.sameWord(p.item.startWordId));
  });
  const used = new Set<string>();
  const chapters = kept.slice(0, CHAPTER_LIMITS.chaptersMax).map(({ item, position }, i): StoredChapter => {
    const previous = item.id && !used.has(item.id) ? known.get(item.id) : undefined;
    const id = previous ? previous.id : opts.newId();
    used.add(id);
    const word = index.words[i === 0 ? 0 : position]!;
    return {
      id,
      title: item.title.trim(),
      startWordId: word.id,
      summary: (item.summary ?? previous?.summary ?? "").trim(),
      startTime: word.start,
    };
  });
  if (same(current, chapters)) return null;
  const summary = opts.generated ? CHAPTER_MESSAGES.generated : CHAPTER_MESSAGES.edited;
  return {
    change: {
      utterances: [],
      fields: { before: { chapters: current?.length ? [...current] : null }, after: { chapters: chapters.length ? chapters : null } },
    },
    type: "other",
    summary,
    chapters,
  };
}
