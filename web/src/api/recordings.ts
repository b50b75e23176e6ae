import type { z } from "zod";
import type { recordingFinishSchema, recordingStartSchema } from "../../../common/recordings";
import { ApiRequestError, messageFromBody } from "./errors";
import { api, apiFetch, call } from "./client";

export type RecordingStartInput = z.input<typeof recordingStartSchema>;
export type RecordingFinishInput = z.input<typeof recordingFinishSchema>;

export const recordingKeys = { unfinished: ["recordings"] as const };

/** Recording in the browser (docs/api.md, "Recordings"). */
export const recordingsApi = {
  start: async (input: RecordingStartInput) => (await call(api.recordings.$post({ json: input }), "Could not start the recording")).data,
  unfinished: async () => (await call(api.recordings.$get(), "Could not load unfinished recordings")).data,
  finish: async (id: string, input: RecordingFinishInput) =>
    (await call(api.recordings[":id"].finish.$post({ param: { id }, json: input }), "Could not finish the recording")).data,
  discard: async (id: string) => call(api.recordings[":id"].$delete({ param: { id } }), "Could not discard the recording"),
  /** One chunk as it is (raw bytes, not JSON); throws with the answer's status (0: none). */
  sendChunk: async (id: string, n: number, chunk: Blob, signal: AbortSignal) => {
    const response = await apiFetch(`/api/v1/recordings/${encodeURIComponent(id)}/chunks/${n}`, {
      method: "PUT",
      body: chunk,
      headers: { "content-type": chunk.type || "application/octet-stream" },
      signal,
    });
    if (response.ok) return;
    const body: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(messageFromBody(body) ?? `Could not save part ${n + 1} of the recording`, response.status);
  },
};
