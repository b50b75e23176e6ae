import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "../../../worker/app";
import { LIMITS } from "../../../common/limits";
import { MESSAGES } from "../../../common/messages";
import { ApiRequestError, messageFromBody } from "./errors";

// These answer 401 for wrong credentials, which must not end a session.
const CREDENTIAL_PATHS = ["/auth/login", "/auth/google", "/auth/register"];

/**
 * Who the calls are made for: the session's token, and what to do when the server says it has
 * ended. The session (auth/store.ts) connects itself when it loads; until then calls go without a token.
 */
let credentials: { token(): string | null; ended(): void } = { token: () => null, ended: () => {} };
export function connectCredentials(next: typeof credentials): void {
  credentials = next;
}

/** This tab's id: the server names it in live messages, so a tab skips echoes of its own edits. */
export const TAB_ID = crypto.randomUUID();

/**
 * The newest D1 bookmark the API answered (x-d1-bookmark, decision 022), sent back exactly as
 * given so every read sees this tab's own writes even on a read replica. The server signs it
 * (`<bookmark>.<expires>.<signature>`) and takes back only what it signed; bookmarks sort in order.
 */
let d1Bookmark: string | null = null;

/** Whether an answered bookmark is newer than the kept one: by the bookmark, then by its expiry. */
function newerBookmark(answered: string, kept: string | null): boolean {
  if (!kept) return true;
  const [a = "", aExpires = ""] = answered.split(".");
  const [k = "", kExpires = ""] = kept.split(".");
  return a === k ? aExpires > kExpires : a > k;
}

/**
 * fetch with the bearer token, the tab id, the D1 bookmark, the 10 s timeout (beside the caller's
 * signal; a streamed answer passes a longer one) and the global 401 rule.
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit, timeoutMs: number = LIMITS.apiTimeoutMs): Promise<Response> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const headers = new Headers(init?.headers);
  const token = credentials.token();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  headers.set("X-Client-Id", TAB_ID);
  if (d1Bookmark) headers.set("X-D1-Bookmark", d1Bookmark);
  const timeout = AbortSignal.timeout(timeoutMs);
  // The caller's own signal still ends the call (a closed view, a superseded search).
  const caller = init?.signal ?? undefined;
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, signal: caller ? AbortSignal.any([caller, timeout]) : timeout });
  } catch (error) {
    // An abort the caller asked for is not a failure to report: it is passed on as it came.
    if (caller?.aborted) throw caller.reason ?? error;
    throw new ApiRequestError(timeout.aborted ? `timeout of ${timeoutMs}ms exceeded` : MESSAGES.networkError, 0);
  }
  const bookmark = response.headers.get("x-d1-bookmark");
  if (bookmark && newerBookmark(bookmark, d1Bookmark)) d1Bookmark = bookmark;
  if (response.status === 401 && !CREDENTIAL_PATHS.some((path) => new URL(url, location.origin).pathname.endsWith(path))) {
    credentials.ended();
  }
  return response;
}

export const api = hc<AppType>("/api/v1", { fetch: apiFetch });

/** The body type of a typed response's 2xx variants. */
type SuccessBody<R> = R extends ClientResponse<infer T, infer S, string> ? (S extends SuccessStatusCode ? T : never) : never;

/** Awaits a typed call: the JSON body on 2xx, else an ApiRequestError with the spec's text. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  fallback: string = MESSAGES.genericError,
): Promise<SuccessBody<R>> {
  const response = await request;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiRequestError(messageFromBody(body) ?? fallback, response.status);
  return body as SuccessBody<R>;
}
