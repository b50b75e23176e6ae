// Transcription as a workflow, on the engine the test pool runs (this project's bindings send
// the run to the fake OpenAI-compatible server, in pieces of about 10 s, retrying at once):
// a failed piece is retried alone, a redelivered message finds the run's instance, a paused
// and resumed run replays its finished steps instead of sending them again, and a user can
// cancel a run and transcribe the file again.
import { introspectWorkflowInstance } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { mergeNewRecognition } from "../../worker/transcripts/store";
import { startRun } from "../../worker/transcription/job";
import { instanceIdOf } from "../../worker/transcription/run-key";
import type { ReceivedTranscription } from "../support/fake-openai";
import { generatedTranscript } from "../support/three-hour";
import { FAKE_OPENAI_ORIGIN } from "../support/fake-openai";
import { call, type Json } from "../worker/helpers";
import { deliverMessage, startAgain } from "../worker/retranscribe-helpers";
import { createUser, type TestUser, wav } from "../worker/library-helpers";
import { openTab, until } from "../worker/live-helpers";
import { eventually } from "../support/poll";

const SECONDS_PER_PIECE = 10; // about 10.5 s of 8 kHz 16-bit mono fit in OPENAI_MAX_FILE_SIZE_MB=0.16

/** A processing file of `pieces` × 10 s of audio, created directly (confirm-upload would enqueue its own job). */
async function processingFile(user: TestUser, filename: string, pieces: number) {
  const id = crypto.randomUUID();
  const key = `users/${user.id}/${id}/${filename}`;
  const now = new Date().toISOString();
  const bytes = wav(pieces * SECONDS_PER_PIECE);
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "audio/wav" } });
  await env.DB.prepare(
    "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at) VALUES (?1, ?2, ?2, ?3, ?3, ?4, 'audio/wav', ?5, ?6, 'processing', ?7, ?7, ?7)",
  )
    .bind(id, user.id, filename, key, bytes.length, pieces * SECONDS_PER_PIECE, now)
    .run();
  return { id, key, instanceId: instanceIdOf({ fileId: id, run: now }), run: now };
}

/** One delivery of the file's transcription job, on the real engine with this project's bindings. */
const deliverOnEngine = (user: TestUser, file: { id: string; key: string }) => deliverMessage(user, file);

/** What the fake speech server received for this file name. */
async function requestsFor(filename: string): Promise<ReceivedTranscription[]> {
  const all = (await (await fetch(`${FAKE_OPENAI_ORIGIN}/fake/received`)).json()) as ReceivedTranscription[];
  return all.filter((r) => r.file === filename);
}

const fileRow = (id: string) =>
  env.DB.prepare("SELECT status, failure_reason, job_chunks_done, job_chunks_total FROM audio_files WHERE id = ?")
    .bind(id)
    .first<{ status: string; failure_reason: string | null; job_chunks_done: number | null; job_chunks_total: number | null }>();

async function words(user: TestUser, fileId: string): Promise<Json[]> {
  const { status, body } = await call("GET", `/transcripts/${fileId}/utterances?limit=1000`, undefined, user);
  expect(status).toBe(200);
  return body.data.data.flatMap((u: Json) => u.transcriptWords);
}

describe("transcription workflow", () => {
  it("retries only the piece that failed: 18 pieces, the 12th failing twice, make exactly 20 requests", async () => {
    const user = await createUser("wf-budget");
    const filename = `meeting-busy-12x2-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 18);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    const tab = await openTab(user, "file_status_changed");

    expect((await deliverOnEngine(user, file)).explicitAcks).toHaveLength(1);
    await instance.waitForStatus("complete");

    expect(await requestsFor(filename)).toHaveLength(20);
    // The service's Retry-After (1 s) is the wait, not the backoff (0 s here).
    expect(await instance.waitForStepResult({ name: "piece 12 of 18, attempt 1" })).toMatchObject({ done: false, retryInSeconds: 1 });
    expect(await instance.waitForStepResult({ name: "piece 12 of 18, attempt 3" })).toMatchObject({ done: true });
    expect(await fileRow(file.id)).toEqual({ status: "ready", failure_reason: null, job_chunks_done: 18, job_chunks_total: 18 });

    // Every piece's 12 words, in order, on the recording's clock.
    const stored = await words(user, file.id);
    expect(stored).toHaveLength(18 * 12);
    const starts = stored.map((w) => w.startTime as number);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[12]).toBeGreaterThanOrEqual(SECONDS_PER_PIECE);
    expect(starts.at(-1)).toBeGreaterThan(17 * SECONDS_PER_PIECE);

    // Each finished piece was pushed to open tabs as it finished: 0 of 18, then 1 … 18.
    await until(() => tab.messages.some((m) => m.file.status === "ready"));
    const done = tab.messages.map((m) => m.audio_file?.job?.chunksDone).filter((n) => n !== undefined && n !== null);
    expect([...new Set(done)]).toEqual(Array.from({ length: 19 }, (_, k) => k));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    tab.close();
  });

  it("keeps each piece's speaker labels apart: a diarizing server numbers speakers anew in every request", async () => {
    const user = await createUser("wf-speakers");
    const diarized = await processingFile(user, `panel-diarized-${crypto.randomUUID().slice(0, 8)}.wav`, 2);
    const plain = await processingFile(user, `panel-${crypto.randomUUID().slice(0, 8)}.wav`, 2);
    await using first = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, diarized.instanceId);
    await using second = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, plain.instanceId);
    await Promise.all([deliverOnEngine(user, diarized), deliverOnEngine(user, plain)]);
    await Promise.all([first.waitForStatus("complete"), second.waitForStatus("complete")]);
    const speakers = async (fileId: string) =>
      (await call("GET", `/transcripts/${fileId}/speakers`, undefined, user)).body.data.map((s: Json) => [s.originalLabel, s.displayName]);
    // "A" of the second request need not be "A" of the first: four speakers, merged by the user where they are one.
    expect(await speakers(diarized.id)).toEqual([
      ["A (piece 1)", "Speaker 1"],
      ["B (piece 1)", "Speaker 2"],
      ["A (piece 2)", "Speaker 3"],
      ["B (piece 2)", "Speaker 4"],
    ]);
    // A server that tells no speakers apart leaves one speaker for the whole recording.
    expect(await speakers(plain.id)).toEqual([["0", "Speaker 1"]]);
  });

  it("fails the file once, with the service's reason, when retrying cannot help", async () => {
    const user = await createUser("wf-permanent");
    const filename = `broken-bad-request-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 2);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toMatchObject({ outcome: "failed" });
    expect(await requestsFor(filename)).toHaveLength(1);
    const row = await fileRow(file.id);
    expect(row?.status).toBe("failed");
    expect(row?.failure_reason).toMatch(/corrupted or unsupported/);
  });

  it("a redelivered message finds the run's instance and starts no second one", async () => {
    const user = await createUser("wf-redelivery");
    const filename = `twice-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 2);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await Promise.all([deliverOnEngine(user, file), deliverOnEngine(user, file)]);
    expect(await startRun(env, { fileId: file.id, run: file.run })).toBe("found");
    await instance.waitForStatus("complete");
    expect(await requestsFor(filename)).toHaveLength(2);
    expect((await fileRow(file.id))?.status).toBe("ready");
    expect(await env.DB.prepare("SELECT count(*) n FROM transcripts WHERE audio_file_id = ?").bind(file.id).first("n")).toBe(1);
  });

  it("a run stopped after piece 9 of 12 and resumed replays pieces 1–9 from their results, sending only 10–12", async () => {
    const user = await createUser("wf-resume");
    const filename = `resume-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 12);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStepResult({ name: "piece 9 of 12, attempt 1" });
    const handle = await env.TRANSCRIPTION_WORKFLOW.get(file.instanceId);
    await handle.pause();
    // Paused at the next step boundary: the run's code stops, as when the app goes down.
    await instance.waitForStatus("paused");
    const beforeResume = (await requestsFor(filename)).length;
    expect(beforeResume).toBeGreaterThanOrEqual(9);
    expect(beforeResume).toBeLessThan(12);
    // Resumed, the run starts again from its first line; finished steps answer from their stored results.
    await handle.resume();
    await instance.waitForStatus("complete");
    expect(await requestsFor(filename)).toHaveLength(12);
    expect(await fileRow(file.id)).toMatchObject({ status: "ready", job_chunks_done: 12 });
    expect(await words(user, file.id)).toHaveLength(12 * 12);
  });

  it("a run restarted from its first step after pieces 1–9 reuses their stored words, sending only 10–12", async () => {
    const user = await createUser("wf-restart");
    const filename = `restart-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 12);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStepResult({ name: "piece 9 of 12, attempt 1" });
    const handle = await env.TRANSCRIPTION_WORKFLOW.get(file.instanceId);
    await handle.pause();
    await instance.waitForStatus("paused");
    const sent = (await requestsFor(filename)).length;
    expect(sent).toBeGreaterThanOrEqual(9);
    // A restart forgets every step's result (the sweep restarts a run whose execution was lost): the
    // pieces' words kept in storage under the run answer instead of the speech service.
    await handle.restart();
    await instance.waitForStatus("complete");
    expect(await requestsFor(filename)).toHaveLength(12);
    expect(await fileRow(file.id)).toMatchObject({ status: "ready", job_chunks_done: 12 });
    const stored = await words(user, file.id);
    expect(stored).toHaveLength(12 * 12);
    // The prompts carried from piece to piece are the same as in a run that was never restarted.
    const prompts = (await requestsFor(filename)).map((r) => r.prompt);
    expect(prompts[1]).toMatch(/budget/);
    expect(new Set(prompts.slice(1))).toEqual(new Set([prompts[1]]));
  });

  it("cancels a running transcription: failed with “Cancelled”, media kept, and it can be transcribed again", async () => {
    const user = await createUser("wf-cancel");
    const stranger = await createUser("wf-cancel-stranger");
    // The first request is told to come back in two minutes: the run waits, processing.
    const filename = `cancel-busy-1x1-long-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 1);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStepResult({ name: "piece 1 of 1, attempt 1" });

    expect((await call("POST", `/audio_files/${file.id}/cancel`, undefined, stranger)).status).toBe(404);
    const cancelled = await call("POST", `/audio_files/${file.id}/cancel`, undefined, user);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "failed", failureReason: "Cancelled" });
    await instance.waitForStatus("terminated");
    expect(await env.MEDIA.head(file.key)).not.toBeNull();
    const again = await call("POST", `/audio_files/${file.id}/cancel`, undefined, user);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "This file is not being transcribed." });

    const restarted = await call("POST", `/audio_files/${file.id}/retranscribe`, {}, user);
    expect(restarted.status).toBe(202);
    // The queue delivers the new run's message; its instance finishes the file.
    await eventually(
      () => fileRow(file.id),
      (row) => row?.status === "ready",
      { ms: 10_000, every: 100 },
    );
    expect(await fileRow(file.id)).toMatchObject({ status: "ready", failure_reason: null });
    expect(await requestsFor(filename)).toHaveLength(2);
  });

  it("a re-transcription cancelled while its store step runs writes nothing to the transcript", async () => {
    const user = await createUser("wf-cancel-store");
    const file = await processingFile(user, `cancel-store-${crypto.randomUUID().slice(0, 8)}.wav`, 1);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStatus("complete");
    const before = await words(user, file.id);
    expect(before.length).toBeGreaterThan(0);

    // A re-transcription's store step has checked its run is current; the user cancels before its store call.
    await startAgain(file.id);
    const row = (await env.DB.prepare("SELECT workspace_id, processing_started_at FROM audio_files WHERE id = ?")
      .bind(file.id)
      .first<{ workspace_id: string; processing_started_at: string }>())!;
    expect((await call("POST", `/audio_files/${file.id}/cancel`, undefined, user)).body.data).toMatchObject({ failureReason: "Cancelled" });
    const rows = buildTranscriptRows({ id: file.id, workspaceId: row.workspace_id }, generatedTranscript(2, 3), {
      service: "openai-compatible",
      startedAt: row.processing_started_at,
      completedAt: new Date().toISOString(),
    });
    const outcome = await mergeNewRecognition(
      env,
      rows,
      { detectedLanguage: null, notices: null },
      {
        file: { processingStartedAt: row.processing_started_at },
        run: row.processing_started_at,
        discardCorrections: false,
        label: { serviceLabel: "OpenAI-compatible", language: null, terms: [] },
      },
    );
    expect(outcome).toEqual({ merged: false });
    expect(await words(user, file.id)).toEqual(before);
    expect(await fileRow(file.id)).toMatchObject({ status: "failed", failure_reason: "Cancelled" });
  });

  it("deleting a processing file ends its run", async () => {
    const user = await createUser("wf-delete");
    const filename = `delete-busy-1x1-long-${crypto.randomUUID().slice(0, 8)}.wav`;
    const file = await processingFile(user, filename, 1);
    await using instance = await introspectWorkflowInstance(env.TRANSCRIPTION_WORKFLOW, file.instanceId);
    await deliverOnEngine(user, file);
    await instance.waitForStepResult({ name: "piece 1 of 1, attempt 1" });
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/v1/audio_files/${file.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${user.token}` },
      }),
    );
    expect(res.status).toBe(200);
    await instance.waitForStatus("terminated");
  });
});
