import { useQuery } from "@tanstack/react-query";
import { decodeUtterances } from "../../../common/compact-utterances";
import { MESSAGES } from "../../../common/messages";
import { UTTERANCE_IDS_MAX } from "../../../common/utterances-query";
import type { SummaryType, UtteranceDto } from "../../../core/transcript";
import { api, call } from "./client";
import { ApiRequestError, messageFromBody } from "./errors";

export const transcriptKeys = {
  /** Prefix of everything cached for one file's transcript. */
  all: (audioFileId: string) => ["transcripts", audioFileId] as const,
  transcript: (audioFileId: string) => ["transcripts", audioFileId, "details"] as const,
  history: (audioFileId: string) => ["transcripts", audioFileId, "history"] as const,
};

export const transcriptApi = {
  get: async (audioFileId: string) => (await call(api.transcripts[":id"].$get({ param: { id: audioFileId } }))).data,
  /** Every utterance in order, or only those among `ids` (in order; unknown ones absent). */
  utterances: async (audioFileId: string, ids?: readonly string[]): Promise<UtteranceDto[]> => {
    const query = ids ? { format: "compact" as const, ids: ids.join(",") } : { format: "compact" as const };
    const { data } = await call(api.transcripts[":id"].utterances.$get({ param: { id: audioFileId }, query }));
    return "format" in data ? decodeUtterances(data) : data.data;
  },
  /** The first `count` utterances in order: a first screenful, answered before the whole is. */
  firstUtterances: async (audioFileId: string, count: number): Promise<UtteranceDto[]> => {
    const query = { format: "compact" as const, first: String(count) };
    const { data } = await call(api.transcripts[":id"].utterances.$get({ param: { id: audioFileId }, query }));
    return "format" in data ? decodeUtterances(data) : data.data;
  },
  /** Every utterance, as the compact answer's JSON text (this browser's copy keeps it as it is). */
  utterancesText: async (audioFileId: string): Promise<string> => {
    const response = await api.transcripts[":id"].utterances.$get({ param: { id: audioFileId }, query: { format: "compact" } });
    const text = await response.text();
    if (response.ok) return text;
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    throw new ApiRequestError(messageFromBody(body) ?? MESSAGES.genericError, response.status);
  },
  /** The utterances among `ids`, asked for in calls of at most 200 ids. */
  utterancesByIds: async (audioFileId: string, ids: readonly string[]): Promise<UtteranceDto[]> => {
    const calls: Promise<UtteranceDto[]>[] = [];
    for (let at = 0; at < ids.length; at += UTTERANCE_IDS_MAX) {
      calls.push(transcriptApi.utterances(audioFileId, ids.slice(at, at + UTTERANCE_IDS_MAX)));
    }
    return (await Promise.all(calls)).flat();
  },
  /** The speakers in order, with their statistics. */
  speakers: async (audioFileId: string) => (await call(api.transcripts[":id"].speakers.$get({ param: { id: audioFileId } }))).data,
  generateSummary: async (audioFileId: string, summaryType: SummaryType) =>
    (await call(api.transcripts[":id"].summary.$post({ param: { id: audioFileId }, json: { summary_type: summaryType } }))).data,
  history: async (audioFileId: string) =>
    (await call(api.transcripts[":id"]["edit-history"].$get({ param: { id: audioFileId } }), "Failed to load edit history")).data,
  undo: async (audioFileId: string) =>
    (await call(api.transcripts[":id"]["edit-history"].undo.$post({ param: { id: audioFileId } }), "Failed to undo operation")).data,
  redo: async (audioFileId: string) =>
    (await call(api.transcripts[":id"]["edit-history"].redo.$post({ param: { id: audioFileId } }), "Failed to redo operation")).data,
};

// A missing transcript is an answer, not a hiccup: no retries on 4xx.
function retry(failures: number, error: Error): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return failures < 1 && !(status >= 400 && status < 500);
}

/** Summary, statistics and speakers; shared by the file view and the tools sidebar. */
export function useTranscript(audioFileId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: transcriptKeys.transcript(audioFileId ?? ""),
    queryFn: () => transcriptApi.get(audioFileId!),
    enabled: enabled && !!audioFileId,
    staleTime: Infinity,
    retry,
  });
}

/** The transcript's edit history (undo/redo availability and the operations list). */
export function useEditHistory(audioFileId: string, enabled = true) {
  return useQuery({
    queryKey: transcriptKeys.history(audioFileId),
    queryFn: () => transcriptApi.history(audioFileId),
    enabled,
    staleTime: Infinity,
    retry,
  });
}
