// Generated summaries: written after a transcription when a language model is
// configured (never otherwise, never over the user's own summary), regenerated
// on request in any type as an undoable edit, chunked for long transcripts, and
// never able to fail a transcription.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { CHUNK_CHARS } from "../../worker/summaries/summarize";
import { maxAttempts } from "../../worker/queue-messages";
import { SUMMARY_MESSAGES } from "../../worker/summaries/job";
import { markSummary } from "../../worker/summaries/stored-summary";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { threeHourTranscript } from "../support/three-hour";
import { apiRequest, call, expectOk, typedApi } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { headerOf } from "./store-helpers";
import { history, storeTranscript, transcript, undoOk, userWithTranscript } from "./transcript-helpers";

/** The fake model's answer to a transcript containing "fail-summary". */
const OVERLOADED = '{"error":{"message":"The model is overloaded","type":"server_error","param":null,"code":null}}';

/** The Worker with a chat model on the (fake) OpenAI-compatible server. */
const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "test-chat-model" },
}) as Env;

async function summarizeJob(
  user: TestUser,
  fileId: string,
  opts: { type?: string; requested?: boolean; attempts?: number; runEnv?: Env } = {},
) {
  const batch = createMessageBatch(QUEUES.summary, [
    {
      id: `s-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: opts.attempts ?? 1,
      body: {
        type: "summarize",
        audio_file_id: fileId,
        user_id: user.id,
        summary_type: opts.type ?? "bullets",
        requested: opts.requested ?? false,
      },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, opts.runEnv ?? chatEnv, ctx);
  return getQueueResult(batch, ctx);
}

async function callWith(runEnv: Env, method: string, path: string, body: unknown, token: string) {
  const res = await worker.fetch(apiRequest(method, path, body, { token }), runEnv, createExecutionContext());
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> } };
}

describe("generated summaries", { timeout: 60_000 }, () => {
  it("writes a bullets summary with its model after a transcript", async () => {
    const { user, fileId } = await userWithTranscript("sum-auto");
    expect((await summarizeJob(user, fileId)).explicitAcks).toHaveLength(1);
    const t = await transcript(user, fileId);
    expect(t).toMatchObject({
      summary: "Summary (bullets): Speaker 1: u0w0 u0w1 u0w2 u0w3",
      summaryType: "bullets",
      summaryModel: "test-chat-model",
      summaryStatus: null,
    });
    // Not a user edit: nothing to undo.
    expect((await history(user, fileId)).operations).toEqual([]);
  });

  it("never makes one up without a model, and says regenerate is unavailable", async () => {
    const { user, fileId } = await userWithTranscript("sum-none");
    await summarizeJob(user, fileId, { runEnv: env });
    expect(await transcript(user, fileId)).toMatchObject({ summary: null, summaryModel: null, summaryStatus: null });
    const config = await expectOk(await typedApi({ token: user.token }).service.configuration.$get());
    expect(config.summaries).toEqual({ available: false, model: null });
    expect(
      expectStatus(await call("POST", `/transcripts/${fileId}/summary`, { summary_type: "gist" }, { token: user.token }), 409),
    ).toEqual({ error: SUMMARY_MESSAGES.unavailable });
  });

  it("never writes over a summary the user wrote first", async () => {
    const { user, fileId } = await userWithTranscript("sum-user");
    await expectOk(
      await typedApi({ token: user.token }).transcripts[":id"].$put({ param: { id: fileId }, json: { transcript: { summary: "Mine." } } }),
    );
    await summarizeJob(user, fileId);
    expect(await transcript(user, fileId)).toMatchObject({ summary: "Mine.", summaryModel: null });
  });

  it("regenerates on request in the chosen type, as an edit that undo reverts", async () => {
    const { user, fileId } = await userWithTranscript("sum-regen");
    await expectOk(
      await typedApi({ token: user.token }).transcripts[":id"].$put({ param: { id: fileId }, json: { transcript: { summary: "Mine." } } }),
    );
    const asked = await callWith(chatEnv, "POST", `/transcripts/${fileId}/summary`, { summary_type: "headline" }, user.token);
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ summary: "Mine.", summaryStatus: "generating" });
    await summarizeJob(user, fileId, { type: "headline", requested: true });
    expect(await transcript(user, fileId)).toMatchObject({
      summary: "Summary (headline): Speaker 1: u0w0 u0w1 u0w2 u0w3",
      summaryType: "headline",
      summaryStatus: null,
    });
    const ops = (await history(user, fileId)).operations;
    expect(ops.at(-1)).toMatchObject({ type: "summary_edited", isCurrent: true });
    await undoOk(user, fileId);
    expect((await transcript(user, fileId)).summary).toBe("Mine.");
  });

  it("answers bad input with 4xx {error}", async () => {
    const { user, fileId } = await userWithTranscript("sum-bad");
    const bad = await callWith(chatEnv, "POST", `/transcripts/${fileId}/summary`, { summary_type: "poem" }, user.token);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/^summary_type must be one of/);
    const other = await userWithTranscript("sum-other");
    expect((await callWith(chatEnv, "POST", `/transcripts/${fileId}/summary`, { summary_type: "gist" }, other.user.token)).status).toBe(
      404,
    );
  });

  it("summarises a 3-hour transcript in parts, then combines them", async () => {
    const { user } = await userWithTranscript("sum-long");
    const long = await storeTranscript(user, threeHourTranscript());
    await summarizeJob(user, long.fileId, { type: "paragraph", requested: true });
    const summary = (await transcript(user, long.fileId)).summary as string;
    const parts = Number(/of (\d+) parts/.exec(summary)?.[1]);
    // ~30,000 words of "Speaker n: …" lines: more than 10 parts of at most CHUNK_CHARS characters.
    expect(summary).toMatch(/^Summary \(paragraph\) of \d+ parts$/);
    expect(parts).toBeGreaterThan(10);
    expect(parts).toBeLessThan(30);
    expect(CHUNK_CHARS).toBeLessThanOrEqual(12_000);
  });

  it("retries a failing model, then gives up with a reason; the file and transcript stay as they were", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("sum-fail", {
      duration: 2,
      speakers: ["A"],
      utterances: [
        {
          speaker: "A",
          start: 0,
          end: 1,
          words: [{ text: "fail-summary", start: 0, end: 1, confidence: 0.9, hasEntities: false }],
          sentiment: null,
          sentimentConfidence: null,
        },
      ],
    });
    // As POST /summary leaves it (without queueing a real job here).
    const header = await headerOf(transcriptId);
    await markSummary(env, { audioFileId: header.fileId }, "generating", null);
    expect((await summarizeJob(user, fileId, { requested: true })).retryMessages).toHaveLength(1);
    // The last try fails it, saying why, and leaves the message to the dead-letter queue.
    const last = await summarizeJob(user, fileId, { requested: true, attempts: maxAttempts(QUEUES.summary) });
    expect(last.retryMessages).toHaveLength(1);
    const failed = await transcript(user, fileId);
    expect(failed).toMatchObject({ summary: null, summaryStatus: "failed", wordCount: 1 });
    expect(failed.summaryError).toBe(`${SUMMARY_MESSAGES.failed} (Chat model answered 500: ${OVERLOADED})`);
  });
});
