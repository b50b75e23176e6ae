// A job that keeps failing ends failed, saying why, after its queue's tries, its message left to
// the dead-letter queue (docs/decisions/055-a-queue-per-job.md; tests/queues has the queues apart).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHAPTER_GENERATION_MESSAGES } from "../../common/chapters";
import { TRANSLATION_MESSAGES } from "../../common/translations";
import worker from "../../worker/index";
import { type JobMessage, maxAttempts, QUEUES, type QueueName, type TranslateMessage } from "../../worker/queue-messages";
import { GAVE_UP_REASON } from "../../worker/transcription/run-steps";
import { overloadedAi } from "../support/overloaded-ai";
import { apiRequest } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { insertProcessingFile, userWithTranscript } from "./transcript-helpers";
import { as } from "./workspace-helpers";

const OVERLOADED = "3040: Capacity temporarily exceeded, please try again.";

async function deliver(queue: QueueName, body: JobMessage, attempts: number, on: Env) {
  const batch = createMessageBatch(queue, [{ id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, on, ctx);
  return getQueueResult(batch, ctx);
}

/** Every try of one message, as the queue makes them: the last result. */
async function everyTry(queue: QueueName, body: JobMessage, on: Env) {
  for (let attempt = 1; attempt < maxAttempts(queue); attempt++) {
    const result = await deliver(queue, body, attempt, on);
    expect([result.explicitAcks, result.retryMessages.length]).toEqual([[], 1]);
  }
  return deliver(queue, body, maxAttempts(queue), on);
}

/** The Worker with Workers AI (reached as from `npm start` with WORKERS_AI_REMOTE) overloaded, and queues that keep what is sent for the test to deliver. */
function overloaded() {
  const sent: JobMessage[] = [];
  const queue = { send: async (body: JobMessage) => void sent.push(body) };
  const on = Object.create(env, {
    WORKERS_AI_REMOTE: { value: "true" },
    AI: { value: overloadedAi },
    CHAPTERS_QUEUE: { value: queue },
    TRANSLATION_QUEUE: { value: queue },
  }) as Env;
  return { on, sent };
}

async function fileStatus(user: TestUser, id: string) {
  return expectStatus(await as(user, "GET", `/audio_files/${id}`), 200).data as { status: string; failureReason: string | null };
}

describe("a queue per kind of job", () => {
  it("ends chapters that keep failing as failed, with the reason, after the queue's tries", async () => {
    const { user, fileId } = await userWithTranscript("queues-chapters");
    const { on, sent } = overloaded();
    const res = await worker.fetch(
      apiRequest("POST", `/transcripts/${fileId}/chapters/generate`, undefined, { token: user.token }),
      on,
      createExecutionContext(),
    );
    expect(res.status).toBe(202);
    const last = await everyTry(QUEUES.chapters, sent[0]!, on);
    // Left for the dead-letter queue, and failed with the reason.
    expect(last.retryMessages).toHaveLength(1);
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/chapters`), 200).generation).toEqual({
      status: "failed",
      error: `${CHAPTER_GENERATION_MESSAGES.failed} (${OVERLOADED})`,
    });
  });

  it("ends a translation that keeps failing as failed, with the reason, after the queue's tries", async () => {
    const { user, fileId } = await userWithTranscript("queues-translation");
    const { on, sent } = overloaded();
    const res = await worker.fetch(
      apiRequest("POST", `/transcripts/${fileId}/translations`, { language: "es" }, { token: user.token }),
      on,
      createExecutionContext(),
    );
    expect(res.status).toBe(202);
    const job = sent[0] as TranslateMessage;
    expect((await everyTry(QUEUES.translation, job, on)).retryMessages).toHaveLength(1);
    expect(expectStatus(await as(user, "GET", `/transcripts/${fileId}/translations/es`), 200).data).toMatchObject({
      status: "failed",
      error: `${TRANSLATION_MESSAGES.failed} (${OVERLOADED})`,
    });
  });

  it("fails a file whose transcription cannot start, with the reason, after the queue's tries", async () => {
    const user = await createUser("queues-transcribe");
    const { fileId } = await insertProcessingFile(user.id);
    // The workflow engine refuses every run (the platform's, replaced).
    const refusing = {
      get: async () => {
        throw new Error("instance.not_found");
      },
      create: async () => {
        throw new Error("The workflow engine is unavailable");
      },
    };
    const on = Object.create(env, { TRANSCRIPTION_WORKFLOW: { value: refusing } }) as Env;
    const last = await everyTry(QUEUES.transcription, { type: "transcribe", audio_file_id: fileId, user_id: user.id, key: "k" }, on);
    expect(last.retryMessages).toHaveLength(1);
    expect(await fileStatus(user, fileId)).toEqual(
      expect.objectContaining({ status: "failed", failureReason: `${GAVE_UP_REASON} (The workflow engine is unavailable)` }),
    );
  });
});
