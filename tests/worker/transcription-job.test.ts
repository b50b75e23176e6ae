import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { GAVE_UP_REASON, PIECE_MAX_ATTEMPTS, retryDelaySeconds } from "../../worker/transcription/run-steps";
import { LOST_JOB_REASON, MAX_REQUEUES } from "../../worker/transcription/recovery";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { withInlineWorkflow } from "../support/inline-workflow";
import { call, expectOk, typedApi } from "./helpers";
import { createUser, type TestUser, wav } from "./library-helpers";
import { inObject } from "./store-helpers";
import { openTab, until } from "./live-helpers";
import { NO_FIELDS, sampleTranscript } from "./transcript-helpers";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { saveNewTranscript } from "../../worker/transcripts/store";
import { transcriptRoom } from "../../worker/objects";

// The OpenAI-compatible service against the fake server in tests/support.
const openAiEnv = withInlineWorkflow(
  Object.create(env, {
    TRANSCRIPTION_SERVICE: { value: "openai-compatible" },
    OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  }) as Env,
);

/** A stored, processing file created directly (confirm-upload would enqueue a real job). */
async function processingFile(user: TestUser, filename: string, startedAt = new Date().toISOString(), duration: number | null = 9) {
  const id = crypto.randomUUID();
  const key = `users/${user.id}/${id}/${filename}`;
  await env.MEDIA.put(key, wav(2), { httpMetadata: { contentType: "audio/wav" } });
  await env.DB.prepare(
    "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at) VALUES (?1, ?2, ?2, ?, ?, ?, 'audio/wav', 100, ?, 'processing', ?, ?, ?)",
  )
    .bind(id, user.id, filename, filename, key, duration, startedAt, startedAt, startedAt)
    .run();
  return { id, key };
}

async function deliver(user: TestUser, file: { id: string; key: string }, attempts = 1, runEnv: Env = openAiEnv) {
  const batch = createMessageBatch(QUEUES.transcription, [
    {
      id: `m-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts,
      body: { type: "transcribe", audio_file_id: file.id, user_id: user.id, key: file.key },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  return getQueueResult(batch, ctx);
}

const fileRow = (id: string) =>
  env.DB.prepare("SELECT status, failure_reason, transcription_service FROM audio_files WHERE id = ?")
    .bind(id)
    .first<{ status: string; failure_reason: string | null; transcription_service: string | null }>();
const transcriptCount = (id: string) =>
  env.DB.prepare("SELECT count(*) n FROM transcripts WHERE audio_file_id = ?").bind(id).first<number>("n");

describe("transcription job", () => {
  it("turns a processing file into a transcript with speakers, utterances and words", async () => {
    const user = await createUser("job");
    const file = await processingFile(user, "meeting-diarized.wav");
    const result = await deliver(user, file);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await fileRow(file.id)).toEqual({ status: "ready", failure_reason: null, transcription_service: "openai-compatible" });

    const api = typedApi({ token: user.token });
    const param = { id: file.id };
    const transcript = (await expectOk(await api.transcripts[":id"].$get({ param }))).data;
    expect(transcript).toMatchObject({ audioFileId: file.id, speakerCount: 2, wordCount: 12, transcriptionService: "openai-compatible" });
    expect(transcript.accuracyPercentage).toBeGreaterThan(0);
    expect(transcript.accuracyPercentage).toBeLessThanOrEqual(100);
    expect(transcript.speakers.map((s: { displayName: string }) => s.displayName)).toEqual(["Speaker 1", "Speaker 2"]);

    const answer = (await expectOk(await api.transcripts[":id"].utterances.$get({ param, query: {} }))).data;
    if (!("data" in answer)) throw new Error("Expected the answer in the API's own shape");
    const utterances = answer.data;
    expect(utterances.flatMap((u: { transcriptWords: { text: string }[] }) => u.transcriptWords.map((w) => w.text)).join(" ")).toContain(
      "Good morning",
    );
    const speakers = (await expectOk(await api.transcripts[":id"].speakers.$get({ param }))).data;
    expect(speakers.reduce((n: number, s: { utteranceCount: number }) => n + s.utteranceCount, 0)).toBe(utterances.length);

    const listed = (await expectOk(await api.audio_files[":id"].$get({ param }))).data;
    expect(listed).toMatchObject({ status: "ready", hasTranscript: true });
  });

  it("never duplicates on redelivery", async () => {
    const user = await createUser("dup");
    const file = await processingFile(user, "twice.wav");
    await deliver(user, file);
    const again = await deliver(user, file);
    expect(again.explicitAcks).toHaveLength(1);
    expect(await transcriptCount(file.id)).toBe(1);
    // Even a redelivery that finds the file processing again replaces rather than adds.
    await env.DB.prepare("UPDATE audio_files SET status = 'processing' WHERE id = ?").bind(file.id).run();
    await deliver(user, file);
    expect(await transcriptCount(file.id)).toBe(1);
    // The user's store holds one transcript of the file, not one per delivery.
    const held = await inObject(
      file.id,
      (sql) => sql.exec<{ n: number }>("SELECT count(*) AS n FROM transcripts WHERE file_id = ?", file.id).one().n,
    );
    expect(held).toBe(1);
  });

  it("retries a transient error with doubling waits, then fails the file after the last attempt", async () => {
    expect([1, 2, 3, 6, 10].map((n) => retryDelaySeconds(30, n))).toEqual([30, 60, 120, 900, 900]);
    const user = await createUser("retry");
    const file = await processingFile(user, "flaky-server-error.wav");
    const shortWaits = withInlineWorkflow(Object.create(openAiEnv, { TRANSCRIPTION_RETRY_SECONDS: { value: "1" } }) as Env);
    expect((await deliver(user, file, 1, shortWaits)).explicitAcks).toHaveLength(1);
    expect(await fileRow(file.id)).toMatchObject({ status: "failed", failure_reason: GAVE_UP_REASON });
    expect(PIECE_MAX_ATTEMPTS).toBe(6);
  });

  it("fails at once, with the service's reason, on errors a retry cannot fix", async () => {
    const user = await createUser("perm");
    const file = await processingFile(user, "broken-bad-request.wav");
    const result = await deliver(user, file);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    const row = await fileRow(file.id);
    expect(row!.status).toBe("failed");
    expect(row!.failure_reason).toMatch(/corrupted or unsupported/);
  });

  it("fails with a clear reason when the configured service is not available here", async () => {
    const user = await createUser("unavail");
    const file = await processingFile(user, "plain.wav");
    await deliver(user, file, 1, withInlineWorkflow(Object.create(env) as Env)); // default workers-ai-nova-3, development mode
    expect((await fileRow(file.id))!.failure_reason).toMatch(/Deepgram Nova-3 \(Workers AI\) is not available here/);
  });

  it("re-queues a file whose job was lost, whatever duration the client claimed, then fails it after the last try", async () => {
    const user = await createUser("stuck");
    const longAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    // The client's duration_seconds no longer buys time: 10,000,000 s is ignored.
    const lost = await processingFile(user, "lost.wav", longAgo, 10_000_000);
    const recent = await processingFile(user, "recent.wav");
    // Waiting for a queued retry is a sign of life.
    const waiting = await processingFile(user, "waiting.wav", longAgo);
    await env.DB.prepare("UPDATE audio_files SET job_retry_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 60_000).toISOString(), waiting.id)
      .run();

    const runCron = () =>
      worker.scheduled(
        { cron: "*/15 * * * *", scheduledTime: Date.now(), type: "scheduled", noRetry() {} } as ScheduledController,
        env,
        createExecutionContext(),
      );
    await runCron();
    const requeued = await env.DB.prepare("SELECT status, job_requeues FROM audio_files WHERE id = ?").bind(lost.id).first();
    expect(requeued).toEqual({ status: "processing", job_requeues: 1 });
    expect((await fileRow(recent.id))!.status).toBe("processing");
    expect((await fileRow(waiting.id))!.status).toBe("processing");

    // Its jobs keep getting lost: after MAX_REQUEUES re-queues the file fails with the reason.
    for (let i = 0; i < MAX_REQUEUES; i++) {
      await env.DB.prepare("UPDATE audio_files SET status = 'processing', job_heartbeat_at = ?, job_retry_at = NULL WHERE id = ?")
        .bind(longAgo, lost.id)
        .run();
      await runCron();
    }
    expect(await fileRow(lost.id)).toMatchObject({ status: "failed", failure_reason: LOST_JOB_REASON });
  });

  it("lets the user retranscribe a file whose job was lost", async () => {
    const user = await createUser("stuck-retry");
    const longAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    const lost = await processingFile(user, "lost-again.wav", longAgo);
    const res = await expectOk(
      await typedApi({ token: user.token }).audio_files[":id"].retranscribe.$post({ param: { id: lost.id }, json: {} }),
      202,
    );
    expect(res.data).toMatchObject({ status: "processing" });
  });

  it("a service that keeps failing ends the file within 5 minutes of the piece's first attempt, with its reason", async () => {
    const user = await createUser("five-minutes");
    const file = await processingFile(user, "flaky-server-error.wav");
    await deliver(user, file);
    // Waits of 30, 60, 120 and 240 s: the fifth (480 s) would land past the bound, so it fails then.
    const row = await fileRow(file.id);
    expect(row!.status).toBe("failed");
    expect(row!.failure_reason).toMatch(/500.*\(gave up after 5 attempts\)$/);
  });

  it("sends a failed file for transcription again, and refuses one already processing", async () => {
    const user = await createUser("again");
    const file = await processingFile(user, "again-bad-request.wav");
    await deliver(user, file);
    expect((await fileRow(file.id))!.status).toBe("failed");
    const retried = await expectOk(
      await typedApi({ token: user.token }).audio_files[":id"].retranscribe.$post({ param: { id: file.id }, json: {} }),
      202,
    );
    expect(retried.data).toMatchObject({ id: file.id, status: "processing", failureReason: null });
    // A file still processing is refused (a fresh one: the job queued above runs on its own).
    const busy = await processingFile(user, "busy.wav");
    const refused = await call("POST", `/audio_files/${busy.id}/retranscribe`, undefined, { token: user.token });
    expect(refused.status).toBe(400);
  });

  it("shows transcripts only to their owner", async () => {
    const owner = await createUser("owner");
    const other = await createUser("other");
    const file = await processingFile(owner, "private.wav");
    await deliver(owner, file);
    for (const path of [`/transcripts/${file.id}`, `/transcripts/${file.id}/utterances`, `/transcripts/${file.id}/speakers`]) {
      expect((await call("GET", path, undefined, { token: other.token })).status).toBe(404);
      expect((await call("GET", path, undefined, { token: owner.token })).status).toBe(200);
      expect((await call("GET", path)).status).toBe(401);
    }
    expect((await call("POST", `/audio_files/${file.id}/retranscribe`, undefined, { token: other.token })).status).toBe(404);
  });
});

describe("ready means readable", () => {
  /** Every transcript route a client may call once a file is ready, all at once; their statuses. */
  const everyRoute = (user: TestUser, id: string) =>
    Promise.all(
      (
        [
          ["GET", `/audio_files/${id}`],
          ["GET", `/transcripts/${id}`],
          ["GET", `/transcripts/${id}/utterances`],
          ["GET", `/transcripts/${id}/utterances?format=compact`],
          ["GET", `/transcripts/${id}/speakers`],
          ["GET", `/transcripts/${id}/edit-history`],
          ["GET", `/transcripts/${id}/export-options`],
          ["PUT", `/transcripts/${id}`, { transcript: { summary: "Written at once." } }],
          ["POST", `/transcripts/${id}/request-export`, { format: "txt" }],
        ] as const
      ).map(async ([method, path, body]) => {
        const res = await call(method, path, body, { token: user.token });
        return `${method} ${path} ${res.status}${res.status >= 300 ? ` ${JSON.stringify(res.body)}` : ""}`;
      }),
    );
  const allAnswered = (lines: string[]) => lines.filter((l) => !/ 20[0-2]$/.test(l));

  it("every transcript route answers the moment the ready push arrives, and the moment the file reads ready", async () => {
    const user = await createUser("ready-now");
    const pushed = await processingFile(user, "meeting-diarized.wav");
    const tab = await openTab(user, "file_status_changed");
    const delivery = deliver(user, pushed);
    expect(await until(() => tab.messages.some((m) => m.file.status === "ready"), 20_000)).toBe(true);
    expect(allAnswered(await everyRoute(user, pushed.id))).toEqual([]);
    await delivery;
    tab.close();

    // Polling the file instead of listening: the first answer that says ready with a transcript.
    const polled = await processingFile(user, "meeting-diarized.wav");
    const running = deliver(user, polled);
    const api = typedApi({ token: user.token });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const file = (await expectOk(await api.audio_files[":id"].$get({ param: { id: polled.id } }))).data;
      if (file.status === "ready") {
        expect(file.hasTranscript).toBe(true);
        break;
      }
      expect(Date.now()).toBeLessThan(deadline);
      // As a client polls: a moment between answers.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(allAnswered(await everyRoute(user, polled.id))).toEqual([]);
    await running;
  });

  it("a late delivery of the same run never replaces the transcript that was announced ready, nor its edits", async () => {
    const user = await createUser("ready-late");
    const file = await processingFile(user, "meeting-diarized.wav");
    const run = (await env.DB.prepare("SELECT processing_started_at AS run FROM audio_files WHERE id = ?")
      .bind(file.id)
      .first<string>("run"))!;
    await deliver(user, file);
    const api = typedApi({ token: user.token });
    await expectOk(await api.transcripts[":id"].$put({ param: { id: file.id }, json: { transcript: { summary: "Mine." } } }));
    const before = (await expectOk(await api.transcripts[":id"].$get({ param: { id: file.id } }))).data;

    // A second delivery of that run read the file as processing before the first finished, found no
    // transcript to merge with, and now writes its own (what the job does after that point).
    const late = buildTranscriptRows({ id: file.id, workspaceId: user.id }, sampleTranscript(), {
      service: "openai-compatible",
      startedAt: run,
      completedAt: new Date().toISOString(),
    });
    await saveNewTranscript(env, late, run, NO_FIELDS);

    const after = (await expectOk(await api.transcripts[":id"].$get({ param: { id: file.id } }))).data;
    expect(after).toMatchObject({ id: before.id, summary: "Mine.", wordCount: before.wordCount });
    expect(await transcriptCount(file.id)).toBe(1);
    const header = await env.DB.prepare("SELECT id FROM transcripts WHERE audio_file_id = ?").bind(file.id).first<string>("id");
    expect(header).toBe(before.id);
  });

  it("a job that stored the transcript but stopped before marking the file ready leaves it ready with its transcript on redelivery", async () => {
    const user = await createUser("ready-resume");
    const file = await processingFile(user, "meeting-diarized.wav");
    const run = (await env.DB.prepare("SELECT processing_started_at AS run FROM audio_files WHERE id = ?")
      .bind(file.id)
      .first<string>("run"))!;
    // The first delivery's store write, then a restart before D1 heard of it.
    const rows = buildTranscriptRows({ id: file.id, workspaceId: user.id }, sampleTranscript(), {
      service: "openai-compatible",
      startedAt: run,
      completedAt: run,
    });
    await transcriptRoom(env, file.id).ingestTranscript(rows, run, NO_FIELDS);
    expect((await fileRow(file.id))!.status).toBe("processing");

    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    const api = typedApi({ token: user.token });
    expect((await expectOk(await api.audio_files[":id"].$get({ param: { id: file.id } }))).data).toMatchObject({
      status: "ready",
      hasTranscript: true,
    });
    expect(await transcriptCount(file.id)).toBe(1);
    expect(allAnswered(await everyRoute(user, file.id))).toEqual([]);
  });
});
