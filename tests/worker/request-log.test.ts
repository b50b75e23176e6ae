// Operating the Worker: every answer carries x-request-id, every 5xx body names it,
// and each request and queue job leaves one structured log object (worker/lib/request-log.ts).
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../common/messages";
import worker from "../../worker/index";
import type { JobLog, RequestLog } from "../../worker/lib/request-log";
import { QUEUES } from "../../worker/queues";
import { apiRequest, call } from "./helpers";
import { createUser } from "./library-helpers";
import { userWithTranscript } from "./transcript-helpers";

/** Log objects written while `run` runs, at info and error level. */
async function captureLogs<T>(run: () => Promise<T>): Promise<{ value: T; logs: Record<string, unknown>[]; errorLevel: unknown[] }> {
  const logs: Record<string, unknown>[] = [];
  const errorLevel: unknown[] = [];
  const keep =
    (level: "info" | "error") =>
    (...args: unknown[]) => {
      for (const a of args) {
        if (!a || typeof a !== "object" || !("kind" in a)) continue;
        logs.push(a as Record<string, unknown>);
        if (level === "error") errorLevel.push(a);
      }
    };
  const info = vi.spyOn(console, "log").mockImplementation(keep("info"));
  const error = vi.spyOn(console, "error").mockImplementation(keep("error"));
  try {
    return { value: await run(), logs, errorLevel };
  } finally {
    info.mockRestore();
    error.mockRestore();
  }
}

/** The Worker's fetch handler with `env` changed as given (Object.create keeps the AI getter untouched). */
async function fetchWith(request: Request, overrides: Record<string, unknown>): Promise<Response> {
  const custom = Object.create(env, Object.fromEntries(Object.entries(overrides).map(([k, value]) => [k, { value }]))) as Env;
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, custom, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => vi.restoreAllMocks());

describe("request ids and structured logs", () => {
  it("gives every answer its own x-request-id and logs the request once, with route pattern, user hash and file", async () => {
    const { user, fileId } = await userWithTranscript("log");
    const {
      value: res,
      logs,
      errorLevel,
    } = await captureLogs(() => call("GET", `/transcripts/${fileId}/utterances`, undefined, { token: user.token }));
    expect(res.status).toBe(200);
    const requestId = res.res.headers.get("x-request-id");
    expect(requestId).toMatch(UUID);

    const mine = logs.filter((l) => l.requestId === requestId);
    expect(mine).toHaveLength(1);
    const entry = mine[0] as unknown as RequestLog;
    expect(entry).toMatchObject({
      kind: "request",
      method: "GET",
      route: "/api/v1/transcripts/:id/utterances",
      status: 200,
      fileId,
    });
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(errorLevel).not.toContain(entry);
    // The user appears only as a stable hash, never as the id or e-mail.
    expect(entry.userHash).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(entry)).not.toContain(user.id);
    expect(JSON.stringify(entry)).not.toContain(user.email);
    // It survives JSON (what Workers Logs indexes).
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry);

    const again = await captureLogs(() => call("GET", `/transcripts/${fileId}`, undefined, { token: user.token }));
    const second = again.logs.find((l) => l.requestId === again.value.res.headers.get("x-request-id"));
    expect(second?.userHash).toBe(entry.userHash);
    expect(again.value.res.headers.get("x-request-id")).not.toBe(requestId);
  });

  it("logs answers without a user or file too (4xx, unknown paths), never the raw path of a share link", async () => {
    const { value, logs } = await captureLogs(async () => [
      await call("GET", "/transcripts/whatever/utterances"),
      await call("GET", "/no-such-thing"),
      await call("GET", "/shared/very-secret-token"),
    ]);
    expect(value.map((r) => r.status)).toEqual([401, 404, expect.any(Number)]);
    for (const r of value) {
      const entry = logs.find((l) => l.requestId === r.res.headers.get("x-request-id"));
      expect(entry).toMatchObject({ kind: "request", status: r.status });
      expect(entry).not.toHaveProperty("userHash");
    }
    expect(JSON.stringify(logs)).not.toContain("very-secret-token");
    // A 4xx body stays as documented: {error} only.
    expect(value[0]!.body).toEqual({ error: expect.any(String) });
  });

  it("answers an unexpected failure 500 with {error, request_id}, and logs it at error level with the error", async () => {
    const user = await createUser("boom");
    // D1 failing underneath (a platform outage), stood in for Cloudflare's binding.
    const unavailable = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
      batch: () => Promise.reject(new Error("D1 is unavailable")),
      getBookmark: () => null,
    };
    const brokenDb = { ...unavailable, withSession: () => unavailable };
    const {
      value: res,
      logs,
      errorLevel,
    } = await captureLogs(() => fetchWith(apiRequest("GET", "/audio_files", undefined, { token: user.token }), { DB: brokenDb }));
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(UUID);
    expect(await res.json()).toEqual({ error: MESSAGES.internalError, request_id: requestId });
    const entry = logs.find((l) => l.requestId === requestId);
    expect(entry).toMatchObject({ kind: "request", status: 500, error: "Error: D1 is unavailable" });
    expect(entry?.route).toMatch(/^\/api\/v1\/audio_files/);
    expect(entry?.stack).toContain("D1 is unavailable");
    expect(errorLevel).toContain(entry);
  });

  it("names the request id in a configuration error's 500 too", async () => {
    const res = await fetchWith(apiRequest("GET", "/auth/config"), { ENVIRONMENT: "production", APP_URL: "" });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; request_id: string };
    expect(body.error).toMatch(/APP_URL/);
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("logs each queue job once: queue, type, outcome, attempt, user hash and file", async () => {
    const { user, fileId } = await userWithTranscript("job-log");
    const missingExport = crypto.randomUUID();
    const batch = createMessageBatch(QUEUES.export, [
      { id: "m-export", timestamp: new Date(), attempts: 2, body: { type: "export", export_id: missingExport, user_id: user.id } },
    ]);
    const ctx = createExecutionContext();
    const { logs } = await captureLogs(async () => {
      await worker.queue(batch, env, ctx);
      await waitOnExecutionContext(ctx);
    });
    // An export deleted meanwhile is acked, and the consumer still sees the message as delivered.
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m-export"]);
    const jobs = logs.filter((l) => l.kind === "job") as unknown as JobLog[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ queue: QUEUES.export, messageId: "m-export", jobType: "export", attempt: 2, outcome: "ack" });
    expect(jobs[0]!.userHash).toMatch(/^[0-9a-f]{16}$/);
    expect(jobs[0]!.requestId).toMatch(UUID);

    // A summary job names its file.
    const summary = createMessageBatch(QUEUES.summary, [
      {
        id: "m-summary",
        timestamp: new Date(),
        attempts: 1,
        body: { type: "summarize", audio_file_id: fileId, user_id: user.id, summary_type: "bullets", requested: false },
      },
    ]);
    const summaryCtx = createExecutionContext();
    const summaryLogs = await captureLogs(async () => {
      await worker.queue(summary, env, summaryCtx).catch(() => undefined);
      await waitOnExecutionContext(summaryCtx);
    });
    const summaryJob = summaryLogs.logs.find((l) => l.kind === "job");
    expect(summaryJob).toMatchObject({ jobType: "summarize", fileId, userHash: jobs[0]!.userHash });
  });
});

const SIGNED_BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)+\.\d+\.[0-9a-f]{64}$/;

describe("D1 sessions with bookmarks", () => {
  it("answers each API call with a D1 bookmark and reads a user's own write when the bookmark comes back", async () => {
    const { user, fileId } = await userWithTranscript("bookmark");
    const first = await call("GET", `/audio_files/${fileId}`, undefined, { token: user.token });
    const bookmark = first.res.headers.get("x-d1-bookmark");
    // Signed by the server (worker/lib/d1-bookmark.ts): the bookmark, its expiry, the HMAC.
    expect(bookmark).toMatch(SIGNED_BOOKMARK);

    const renamed = await call(
      "PUT",
      `/audio_files/${fileId}`,
      { audio_file: { name: "Renamed take" } },
      { token: user.token, headers: { "x-d1-bookmark": bookmark! } },
    );
    expect(renamed.status).toBe(200);
    const afterWrite = renamed.res.headers.get("x-d1-bookmark")!;
    // Bookmarks only move forward, and a write moves it.
    expect(afterWrite.split(".")[0]! > bookmark!.split(".")[0]!).toBe(true);

    const read = await call("GET", `/audio_files/${fileId}`, undefined, { token: user.token, headers: { "x-d1-bookmark": afterWrite } });
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe("Renamed take");
  });

  it("ignores a malformed bookmark instead of failing", async () => {
    const { user, fileId } = await userWithTranscript("bad-bookmark");
    const res = await call("GET", `/audio_files/${fileId}`, undefined, {
      token: user.token,
      headers: { "x-d1-bookmark": "not a bookmark" },
    });
    expect(res.status).toBe(200);
    expect(res.res.headers.get("x-d1-bookmark")).toMatch(SIGNED_BOOKMARK);
  });
});
