import { useQuery } from "@tanstack/react-query";
import type { SummaryType } from "../../../common/transcript";
import { api, call } from "./client";

export const transcriptKeys = {
  /** Prefix of everything cached for one file's transcript. */
  all: (audioFileId: string) => ["transcripts", audioFileId] as const,
  transcript: (audioFileId: string) => ["transcripts", audioFileId, "details"] as const,
  utterances: (audioFileId: string) => ["transcripts", audioFileId, "utterances"] as const,
  history: (audioFileId: string) => ["transcripts", audioFileId, "history"] as const,
};

export const transcriptApi = {
  get: async (audioFileId: string) => (await call(api.transcripts[":id"].$get({ param: { id: audioFileId } }))).data,
  utterances: async (audioFileId: string) => (await call(api.transcripts[":id"].utterances.$get({ param: { id: audioFileId } }))).data.data,
  createSpeaker: async (audioFileId: string, speaker?: { name?: string; role?: string | null }) =>
    (await call(api.transcripts[":id"].speakers.$post({ param: { id: audioFileId }, json: speaker ? { speaker } : {} }))).data,
  updateSpeaker: async (audioFileId: string, speakerId: string, speaker: { name: string; role: string | null }) =>
    (await call(api.transcripts[":id"].speakers[":speakerId"].$put({ param: { id: audioFileId, speakerId }, json: { speaker } }))).data,
  deleteSpeaker: async (audioFileId: string, speakerId: string) =>
    (await call(api.transcripts[":id"].speakers[":speakerId"].$delete({ param: { id: audioFileId, speakerId } }))).data,
  updateFields: async (audioFileId: string, fields: { summary?: string | null; notes?: string | null }) =>
    (await call(api.transcripts[":id"].$put({ param: { id: audioFileId }, json: { transcript: fields } }))).data,
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

export function useUtterances(audioFileId: string, enabled: boolean) {
  return useQuery({
    queryKey: transcriptKeys.utterances(audioFileId),
    queryFn: () => transcriptApi.utterances(audioFileId),
    enabled,
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
