// Sends one queued operation to its endpoint (spec section 7). The save queue
// needs the raw status to tell a transient failure from a refusal, so this
// speaks HTTP directly rather than through the typed client's error mapping.
import type { OperationResultDto, TranscriptOp } from "../../../common/transcript-ops";
import { apiFetch } from "../api/client";
import { messageFromBody } from "../api/errors";
import { classifyFailure, type PendingOp, type SendOutcome } from "./save-queue";

export interface VersionSource {
  confirmedVersion(utteranceId: string): number | undefined;
}

function request(op: TranscriptOp, versions: VersionSource): { method: string; path: string; body: unknown } {
  const v = (id: string) => versions.confirmedVersion(id);
  switch (op.type) {
    case "update_words":
      return { method: "PATCH", path: `${op.utteranceId}/update_words`, body: { words: op.words, version: v(op.utteranceId) } };
    case "split":
      return {
        method: "POST",
        path: `${op.utteranceId}/split`,
        body: { first_word_id: op.firstWordId, new_utterance_id: op.newUtteranceId, version: v(op.utteranceId) },
      };
    case "merge":
      return {
        method: "POST",
        path: `${op.targetUtteranceId}/merge`,
        body: { source_utterance_id: op.sourceUtteranceId, version: v(op.targetUtteranceId), source_version: v(op.sourceUtteranceId) },
      };
    case "set_speaker":
      return { method: "PUT", path: op.utteranceId, body: { speaker_id: op.speakerId, version: v(op.utteranceId) } };
  }
}

/** A transport for one file's transcript; the versions sent are those the server last confirmed. */
export function httpTransport(audioFileId: string, versions: VersionSource) {
  return async (pending: PendingOp): Promise<SendOutcome> => {
    const { method, path, body } = request(pending.op, versions);
    let response: Response;
    try {
      response = await apiFetch(
        `/api/v1/transcripts/${encodeURIComponent(audioFileId)}/utterances/${path.split("/").map(encodeURIComponent).join("/")}`,
        {
          method,
          headers: { "Content-Type": "application/json", "Idempotency-Key": pending.opId },
          body: JSON.stringify(body),
        },
      );
    } catch (error) {
      return { kind: "transient", reason: error instanceof Error ? error.message : "Network Error" };
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return { kind: "ok", result: (json as { data: OperationResultDto }).data };
    const message = messageFromBody(json) ?? `HTTP ${response.status}`;
    return classifyFailure(response.status) === "transient"
      ? { kind: "transient", reason: message }
      : { kind: "permanent", status: response.status, message, body: json };
  };
}
