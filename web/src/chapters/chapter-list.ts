// Changes to the chapter list as the panel makes them: each is the whole list sent again
// (PUT /transcripts/{id}/chapters, one undoable entry), ids kept so titles and summaries stay.
import type { ChapterDto, ChaptersPut } from "../../../common/chapters";

type Items = ChaptersPut["chapters"];

const items = (list: readonly ChapterDto[]): Items => list.map((c) => ({ id: c.id, title: c.title, start_word_id: c.start_word_id }));

export const renamed = (list: readonly ChapterDto[], id: string, title: string): Items =>
  items(list).map((c) => (c.id === id ? { ...c, title } : c));

export const removed = (list: readonly ChapterDto[], id: string): Items => items(list).filter((c) => c.id !== id);

/**
 * A new chapter at a word (the server orders the list by its words). Chapters cover the whole
 * recording, so the first one added after the transcript's first word comes with one for the
 * beginning: otherwise the server would start it at the first word, not where it was asked for.
 */
export const added = (
  list: readonly ChapterDto[],
  wordId: string,
  title: string,
  beginning: { wordId: string | undefined; title: string },
): Items =>
  list.length === 0 && beginning.wordId && beginning.wordId !== wordId
    ? [
        { title: beginning.title, start_word_id: beginning.wordId },
        { title, start_word_id: wordId },
      ]
    : [...items(list), { title, start_word_id: wordId }];

export const movedTo = (list: readonly ChapterDto[], id: string, wordId: string): Items =>
  items(list).map((c) => (c.id === id ? { ...c, start_word_id: wordId } : c));

/** The chapter playing at `time` (the last that starts at or before it), or -1. */
export function chapterAt(list: readonly ChapterDto[], time: number | null): number {
  if (time === null) return -1;
  let at = -1;
  for (const [i, c] of list.entries()) if (c.start_time <= time + 1e-6) at = i;
  return at;
}
