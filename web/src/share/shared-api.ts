// The shared page's reads: plain fetches with no account, no token and none of
// the workspace's client, so the page stays a small download.
import type { SharedMediaDto, SharedTranscriptDto } from "../../../common/shares";
import { type CompactUtterances, decodeUtterances } from "../../../common/compact-utterances";

export class SharedReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A link that no longer works (revoked, expired, unknown): the server answers these alike. */
export const isGone = (error: unknown) => error instanceof SharedReadError && error.status === 404;

async function read<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/shared/${path}`, { credentials: "omit", cache: "no-store" });
  } catch {
    throw new SharedReadError("Could not reach the server. Check your connection and try again.", 0);
  }
  const body = (await response.json().catch(() => null)) as { data?: T; error?: string } | null;
  if (!response.ok || !body?.data) throw new SharedReadError(body?.error ?? "Something went wrong. Please try again.", response.status);
  return body.data;
}

const at = (secret: string) => encodeURIComponent(secret);

export const sharedApi = {
  /** `counted: false` for the page's checks that the link still works. */
  transcript: (secret: string, counted = true) => read<SharedTranscriptDto>(`${at(secret)}${counted ? "" : "?view=0"}`),
  utterances: async (secret: string) => decodeUtterances(await read<CompactUtterances>(`${at(secret)}/utterances?format=compact`)),
  media: (secret: string) => read<SharedMediaDto>(`${at(secret)}/media`),
  exportUrl: (secret: string, format: "txt" | "srt" | "vtt") => `/api/v1/shared/${at(secret)}/export/${format}`,
};
