import { useQuery } from "@tanstack/react-query";
import type { TranslationDto, TranslationSummaryDto } from "../../../common/translations";
import { api, call } from "./client";
import { transcriptKeys } from "./transcripts";

/** Poll while a translation is being made: its progress. */
const PROGRESS_POLL_MS = 2_000;
const working = (status: string | undefined) => status === "pending" || status === "processing";

/**
 * Under the transcript's history key: every saved edit, undo or change from elsewhere refreshes
 * the history, and with it which translated utterances are stale.
 */
export const translationKeys = {
  list: (fileId: string) => [...transcriptKeys.history(fileId), "translations"] as const,
  one: (fileId: string, language: string) => [...transcriptKeys.history(fileId), "translations", language] as const,
};

export const translationsApi = {
  request: async (fileId: string, language: string, onlyStale: boolean) =>
    (await call(api.transcripts[":id"].translations.$post({ param: { id: fileId }, json: { language, only_stale: onlyStale } }))).data,
};

/** The file's translations, with their progress while one is being made. */
export function useTranslations(fileId: string) {
  return useQuery({
    queryKey: translationKeys.list(fileId),
    queryFn: async (): Promise<TranslationSummaryDto[]> =>
      (await call(api.transcripts[":id"].translations.$get({ param: { id: fileId } }))).data,
    refetchInterval: (query) => (query.state.data?.some((t) => working(t.status)) ? PROGRESS_POLL_MS : false),
  });
}

/** One translation's utterances (none asked: nothing fetched). */
export function useTranslation(fileId: string, language: string | null) {
  return useQuery({
    queryKey: translationKeys.one(fileId, language ?? ""),
    queryFn: async (): Promise<TranslationDto> =>
      (await call(api.transcripts[":id"].translations[":language"].$get({ param: { id: fileId, language: language ?? "" } }))).data,
    enabled: !!language,
    refetchInterval: (query) => (working(query.state.data?.status) ? PROGRESS_POLL_MS : false),
  });
}
