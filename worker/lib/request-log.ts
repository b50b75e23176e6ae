// Structured logs: one JSON object per request, per queue job and per workflow step, which Workers
// Logs indexes field by field (docs/deploy.md#operating). Users appear only as a
// hash of their id; paths only as route patterns, so no secret link or token is logged.
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../types";

export const REQUEST_ID_HEADER = "x-request-id";

export interface RequestLog {
  kind: "request";
  requestId: string;
  method: string;
  /** The matched route pattern, e.g. /api/v1/transcripts/:id/summary. */
  route: string;
  status: number;
  durationMs: number;
  userHash?: string;
  fileId?: string;
  error?: string;
  /** For unexpected errors (5xx): where it was thrown. */
  stack?: string;
}

export interface JobLog {
  kind: "job";
  requestId: string;
  queue: string;
  messageId: string;
  jobType: string;
  attempt: number;
  /** What the consumer did with the message: acked, retry (later), or an exception. */
  outcome: "ack" | "retry" | "error" | "none";
  durationMs: number;
  userHash?: string;
  fileId?: string;
  error?: string;
}

/** A cron run; `sweep` counts what the recovery sweep did (worker/transcription/recovery.ts). */
/** One step of a workflow: `runKey` names the instance (the file's run, worker/transcription/run-key.ts). */
export interface StepLog {
  kind: "step";
  requestId: string;
  workflow: string;
  runKey: string;
  step: string;
  outcome: "done" | "error";
  durationMs: number;
  fileId: string;
  error?: string;
}

interface CronLog {
  kind: "cron";
  requestId: string;
  cron: string;
  durationMs: number;
  sweep?: Record<string, number>;
  error?: string;
}

export type LogEntry = RequestLog | JobLog | StepLog | CronLog;

/** Writes one entry; failures at error level so an alert can filter on it. */
export function writeLog(entry: LogEntry): void {
  const failed = entry.kind === "request" ? entry.status >= 500 : Boolean(entry.error);
  if (failed) console.error(entry);
  else console.log(entry);
}

/** A stable, non-reversible label for a user in logs (ids are random, so a plain hash is enough). */
export async function hashUserId(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`user:${userId}`));
  return [...new Uint8Array(digest, 0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Routes whose `:id` is an audio file (transcripts are addressed by their file's id). */
const FILE_ROUTE = /^\/api\/v1\/(audio_files|transcripts)\/:id(\/|$)/;

/**
 * Gives each request an id (the `x-request-id` answer header, and `request_id` in the
 * body of every 5xx JSON answer) and logs it once it is answered. Errors that reach
 * app.onError are handed over with `c.set("error", …)`.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    // A WebSocket upgrade (101) carries its socket and cannot be copied.
    if (c.res.status !== 101) {
      if (c.res.status >= 500) await addRequestIdToBody(c, requestId);
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    }
    const route = routePath(c);
    const user = c.get("user") as AppEnv["Variables"]["user"] | undefined;
    const error = c.get("error");
    writeLog({
      kind: "request",
      requestId,
      method: c.req.method,
      route,
      status: c.res.status,
      durationMs: Date.now() - started,
      ...(user ? { userHash: await hashUserId(user.id) } : {}),
      ...(FILE_ROUTE.test(route) ? { fileId: c.req.param("id") } : {}),
      ...(error ? { error: errorText(error) } : {}),
      ...(c.res.status >= 500 && error instanceof Error && error.stack ? { stack: error.stack.slice(0, 2000) } : {}),
    });
  };
}

/** A 5xx JSON answer gets `request_id`, so a user's report leads to the log line. */
async function addRequestIdToBody(c: Context<AppEnv>, requestId: string): Promise<void> {
  if (!/json/i.test(c.res.headers.get("content-type") ?? "")) return;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  const status = c.res.status;
  // Unset first: Hono copies the old answer's headers (its length too) onto a replacement.
  c.res = undefined;
  c.res = new Response(JSON.stringify({ ...body, request_id: requestId }), { status, headers });
}
