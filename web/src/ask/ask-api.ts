import { useQuery } from "@tanstack/react-query";
import type { AskAnswer, AskCitation } from "../../../common/ask";
import { messageFromBody, ApiRequestError } from "../api/errors";
import { api, apiFetch, call } from "../api/client";
import { takeEvents } from "./sse";
import { ASK_TEXTS } from "./ask-texts";

/** A streamed answer may take as long as the model does (the server stops it at 60 s). */
const STREAM_TIMEOUT_MS = 90_000;

export const askKeys = { questions: (fileId: string) => ["questions", fileId] as const };

export interface AskHandlers {
  signal: AbortSignal;
  onCitations: (citations: AskCitation[]) => void;
  onToken: (text: string) => void;
}

/**
 * POST /ask as a stream of events: citations as soon as retrieval is done, the answer's text
 * as the model writes it, then the cleaned answer (resolved) or an error (thrown).
 */
export async function askStreaming(
  body: { question: string; file_id?: string; workspace_id?: string },
  handlers: AskHandlers,
): Promise<AskAnswer> {
  const response = await apiFetch(
    "/api/v1/ask",
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal: handlers.signal,
    },
    STREAM_TIMEOUT_MS,
  );
  if (!response.ok || !response.body) {
    const json: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(messageFromBody(json) ?? ASK_TEXTS.failed, response.status);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const { event, data } of events) {
      const payload = JSON.parse(data);
      if (event === "citations") handlers.onCitations(payload.citations);
      else if (event === "token") handlers.onToken(payload.text);
      else if (event === "done") return payload as AskAnswer;
      else if (event === "error") throw new ApiRequestError(messageFromBody(payload) ?? ASK_TEXTS.failed, 502);
    }
  }
  throw new ApiRequestError(ASK_TEXTS.failed, 0);
}

/** A file's recent questions, newest first. */
export function useRecentQuestions(fileId: string) {
  return useQuery({
    queryKey: askKeys.questions(fileId),
    queryFn: async () => (await call(api.transcripts[":id"].questions.$get({ param: { id: fileId } }))).data,
    staleTime: 30_000,
  });
}
