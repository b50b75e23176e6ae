// Sends one queued operation through the typed client (so a route that drifts
// from the shared codec fails to compile). The save queue needs the raw status
// to tell a transient failure from a refusal, so the answer is classified here
// rather than through the client's error mapping.
import type { OperationResultDto } from "../../../../core/operation-results";
import type { OpType, WireRequest, WireRequestOf } from "../../../../common/transcript-ops";
import { toRequest } from "../../../../common/transcript-ops";
import { api } from "../../api/client";
import { messageFromBody } from "../../api/errors";
import { type DetailsOp, isDetailsOp } from "../model/details-ops";
import { classifyFailure, type PendingOp, type SavedResult, type SendOutcome } from "../model/save-queue";

export interface VersionSource {
  confirmedVersion(utteranceId: string): number | undefined;
}

type Sender<K extends OpType> = (audioFileId: string, request: WireRequestOf<K>, headers: Record<string, string>) => Promise<Response>;

const endpoint = api.transcripts[":id"].utterances[":utteranceId"];
const replaceEndpoint = api.transcripts[":id"].replace;
// The typed client puts params into the path as they are.
const utterance = (audioFileId: string, utteranceId: string) => ({
  param: { id: encodeURIComponent(audioFileId), utteranceId: encodeURIComponent(utteranceId) },
});

/** One endpoint per operation type. */
const SENDERS: { [K in OpType]: Sender<K> } = {
  update_words: (id, r, headers) => endpoint.update_words.$patch({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  split: (id, r, headers) => endpoint.split.$post({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  merge: (id, r, headers) => endpoint.merge.$post({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  set_speaker: (id, r, headers) => endpoint.$put({ ...utterance(id, r.utteranceId), json: r.body }, { headers }),
  // Replace all addresses the transcript, not one utterance.
  replace_all: (id, r, headers) => replaceEndpoint.$post({ param: { id: encodeURIComponent(id) }, json: r.body }, { headers }),
  merge_speakers: (id, r, headers) =>
    api.transcripts[":id"].speakers[":speakerId"].merge.$post(
      { param: { id: encodeURIComponent(id), speakerId: encodeURIComponent(r.utteranceId) }, json: r.body },
      { headers },
    ),
};

function send(audioFileId: string, request: WireRequest, opId: string): Promise<Response> {
  return (SENDERS[request.type] as Sender<OpType>)(audioFileId, request as WireRequestOf<OpType>, { "Idempotency-Key": opId });
}

const details = api.transcripts[":id"];
const speaker = (id: string, speakerId: string) => ({ param: { id: encodeURIComponent(id), speakerId: encodeURIComponent(speakerId) } });

/** Speakers, summary and notes: plain REST calls, their answers put in a save's result. */
function sendDetails(id: string, op: DetailsOp): Promise<Response> {
  switch (op.type) {
    // The server names the new speaker ("the next free Speaker n"), as without the queue.
    case "create_speaker":
      return details.speakers.$post({ param: { id: encodeURIComponent(id) }, json: {} });
    case "update_speaker":
      return details.speakers[":speakerId"].$put({ ...speaker(id, op.speakerId), json: { speaker: { name: op.name, role: op.role } } });
    case "delete_speaker":
      return details.speakers[":speakerId"].$delete(speaker(id, op.speakerId));
    case "set_field":
      return details.$put({ param: { id: encodeURIComponent(id) }, json: { transcript: { [op.field]: op.value } } });
  }
}

function detailsResult(op: DetailsOp, data: unknown): SavedResult {
  const result: SavedResult = { utterances: [], removedUtteranceIds: [] };
  if (op.type === "create_speaker" || op.type === "update_speaker") result.speaker = data as SavedResult["speaker"];
  if (op.type === "set_field") result.transcript = data as SavedResult["transcript"];
  return result;
}

/** A transport for one file's transcript; the versions sent are those the server last confirmed. */
export function httpTransport(audioFileId: string, versions: VersionSource) {
  return async (pending: PendingOp): Promise<SendOutcome> => {
    let response: Response;
    try {
      const op = pending.op;
      response = isDetailsOp(op)
        ? await sendDetails(audioFileId, op)
        : await send(
            audioFileId,
            toRequest(op, (id) => versions.confirmedVersion(id)),
            pending.opId,
          );
    } catch (error) {
      return { kind: "transient", reason: error instanceof Error ? error.message : "Network Error" };
    }
    const json: unknown = await response.json().catch(() => null);
    const op = pending.op;
    if (isDetailsOp(op)) {
      // A deletion sent again after its answer was lost finds the speaker gone: what it asked for holds.
      if (response.ok || (op.type === "delete_speaker" && response.status === 404)) {
        return { kind: "ok", result: detailsResult(op, (json as { data?: unknown } | null)?.data) };
      }
    } else if (response.ok) return { kind: "ok", result: (json as { data: OperationResultDto }).data };
    const message = messageFromBody(json) ?? `HTTP ${response.status}`;
    return classifyFailure(response.status) === "transient"
      ? { kind: "transient", reason: message }
      : { kind: "permanent", status: response.status, message, body: json };
  };
}
