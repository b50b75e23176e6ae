import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { ChaptersAnswer, ChaptersPut } from "../../../common/chapters";
import { api, call } from "./client";
import { transcriptKeys } from "./transcripts";

export const chapterKeys = {
  // Under the transcript's details: what refreshes them (a pushed change, an undo or redo) refreshes the chapters too.
  file: (audioFileId: string) => [...transcriptKeys.transcript(audioFileId), "chapters"] as const,
};

const chapters = api.transcripts[":id"].chapters;

export const chapterApi = {
  list: async (audioFileId: string): Promise<ChaptersAnswer> =>
    call(chapters.$get({ param: { id: audioFileId } }), "Failed to load chapters"),
  replace: async (audioFileId: string, body: ChaptersPut): Promise<ChaptersAnswer> =>
    call(chapters.$put({ param: { id: audioFileId }, json: body }), "Failed to change the chapters"),
  generate: async (audioFileId: string): Promise<ChaptersAnswer> =>
    call(chapters.generate.$post({ param: { id: audioFileId } }), "Failed to generate chapters"),
};

/** While a generation runs, read again now and then besides the push that ends it. */
const GENERATING_POLL_MS = 4_000;

export function useChapters(audioFileId: string, enabled = true) {
  return useQuery({
    queryKey: chapterKeys.file(audioFileId),
    enabled,
    queryFn: () => chapterApi.list(audioFileId),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.generation.status === "generating" ? GENERATING_POLL_MS : false),
  });
}

/** An answer into the cache, and the edit history read again (undo now has the change). */
export function cacheChapters(queryClient: QueryClient, audioFileId: string, answer: ChaptersAnswer): void {
  queryClient.setQueryData(chapterKeys.file(audioFileId), answer);
  void queryClient.invalidateQueries({ queryKey: transcriptKeys.history(audioFileId) });
}
