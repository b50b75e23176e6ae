// Sends one queued operation through the typed client (so a route that drifts
// from the shared codec fails to compile). The save queue needs the raw status
// to tell a transient failure from a refusal, so the answer is classified here
// rather than through the client's error mapping.
import type { OperationResultDto, OpType, WireRequest, WireRequestOf } from "../../../../common/transcript-ops";
import { toRequest } from "../../../../common/transcript-ops";
import { api } from "../../api/client";
import { messageFromBody } from "../../api/errors";
import { classifyFailure, type PendingOp, type SendOutcome } from "./save-queue";

export interface VersionSource {
  confirmedVersion(utteranceId: string): number | undefined;
}

type Sender<K extends OpType> = (audioFileId: string, request: WireRequestOf<K>, headers: Record<string, string>) => Promise<Response>;

const endpoint = api.transcripts[":audioFileId"].utterances[":utteranceId"];
const replaceEndpoint = api.transcripts[":audioFileId"].replace;
// The typed client puts params into the path as they are.
const utterance = (audioFileId: string, utteranceId: string) => ({
  param: { audioFileId: encodeURIComponent(audioFileId), utteranceId: encodeURIComponent(utteranceId) },
});

/** One endpoint per operation type. */
const SENDERS: { [K in OpType]: Sender<K> } = {
  update_words: (id, r, headers) => endpoint.update_words.$patch({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  split: (id, r, headers) => endpoint.split.$post({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  merge: (id, r, headers) => endpoint.merge.$post({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  set_speaker: (id, r, headers) => endpoint.$put({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  // Replace all addresses the transcript, not one utterance.
  replace_all: (id, r, headers) => replaceEndpoint.$post({ param: { audioFileId: encodeURIComponent(id) }, json: r.body }, { headers }),
  merge_speakers: (id, r, headers) =>
    api.transcripts[":id"].speakers[":speakerId"].merge.$post(
      { param: { id: encodeURIComponent(id), speakerId: encodeURIComponent(r.utteranceId) }, json: r.body },
      { headers },
    ),
};

function send(audioFileId: string, request: WireRequest, opId: string): Promise<Response> {
  return (SENDERS[request.type] as Sender<OpType>)(audioFileId, request as WireRequestOf<OpType>, { "Idempotency-Key": opId });
}

/** A transport for one file's transcript; the versions sent are those the server last confirmed. */
export function httpTransport(audioFileId: string, versions: VersionSource) {
  return async (pending: PendingOp): Promise<SendOutcome> => {
    let response: Response;
    try {
      response = await send(
        audioFileId,
        toRequest(pending.op, (id) => versions.confirmedVersion(id)),
        pending.opId,
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
