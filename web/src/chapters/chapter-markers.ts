// Where each chapter starts in the transcript: the utterance a marker is drawn before. By time,
// with a binary search over the utterances in order: a few chapters over thousands of cards
// cost nothing, and no word needs an element of its own.
import { useMemo } from "react";
import type { ChapterDto } from "../../../common/chapters";
import { useChapters } from "../api/chapters";

/** The chapters starting in each utterance (the last one starting at or before the chapter's time), by utterance id. */
export function chapterStarts(
  chapters: readonly Pick<ChapterDto, "id" | "title" | "start_time">[],
  utterances: readonly { id: string; startTime: number }[],
): Map<string, { id: string; title: string }[]> {
  const starts = new Map<string, { id: string; title: string }[]>();
  if (!utterances.length) return starts;
  for (const chapter of chapters) {
    let lo = 0;
    let hi = utterances.length - 1;
    // The last utterance that starts at or before the chapter (a hair of rounding allowed); else the first.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (utterances[mid]!.startTime <= chapter.start_time + 0.001) lo = mid;
      else hi = mid - 1;
    }
    const id = utterances[lo]!.id;
    starts.set(id, [...(starts.get(id) ?? []), { id: chapter.id, title: chapter.title }]);
  }
  return starts;
}

/** The file's chapter markers, read once the transcript takes edits (not while its first screenful is drawn). */
export function useChapterStarts(fileId: string, utterances: readonly { id: string; startTime: number }[], enabled: boolean) {
  const chapters = useChapters(fileId, enabled).data?.data;
  return useMemo(() => chapterStarts(chapters ?? [], utterances), [chapters, utterances]);
}
