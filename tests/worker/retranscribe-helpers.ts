// A transcribed file run through the real transcription job (against the fake OpenAI-compatible
// server, on the workflow engine of the `workflows` test project, whose bindings send runs there)
// and then corrected, for the re-transcription tests of either store.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { instanceIdOf } from "../../worker/transcription/run-key";
import { call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser, wav } from "./library-helpers";
import { speakers, split, unchangedWords, updateWords, utterances } from "./transcript-helpers";
import { eventually } from "../support/poll";

export async function processingFile(user: TestUser) {
  const id = crypto.randomUUID();
  const key = `users/${user.id}/${id}/meeting-diarized.wav`;
  const now = new Date().toISOString();
  await env.MEDIA.put(key, wav(2), { httpMetadata: { contentType: "audio/wav" } });
  await env.DB.prepare(
    "INSERT INTO audio_files (id, workspace_id, uploaded_by, name, filename, storage_key, content_type, file_size, duration_seconds, status, processing_started_at, created_at, updated_at) VALUES (?1, ?2, ?2, 'meeting', 'meeting-diarized.wav', ?, 'audio/wav', 100, 9, 'processing', ?, ?, ?)",
  )
    .bind(id, user.id, key, now, now, now)
    .run();
  return { id, key };
}

/**
 * One delivery of the file's transcription job, and the run it starts (or finds) on the engine,
 * to its end: the file is ready or failed afterwards. `on` sets the environment the consumer runs with.
 */
export async function deliver(user: TestUser, file: { id: string; key: string }, on: Env = env) {
  const row = await env.DB.prepare("SELECT processing_started_at AS run FROM audio_files WHERE id = ?")
    .bind(file.id)
    .first<{ run: string | null }>();
  const result = await deliverMessage(user, file, on);
  if (row?.run) await runEnded(instanceIdOf({ fileId: file.id, run: row.run }));
  return result;
}

/** Until the engine says the instance ended (at once when there is none). */
async function runEnded(id: string) {
  const instance = await env.TRANSCRIPTION_WORKFLOW.get(id).catch(() => null);
  if (instance)
    await eventually(
      async () => (await instance.status()).status,
      (s) => ["complete", "errored", "terminated"].includes(s),
      { ms: 30_000 },
    );
}

/** One delivery of the file's transcription job: the consumer starts (or finds) the run's instance, which goes on alone. */
export async function deliverMessage(user: TestUser, file: { id: string; key: string }, on: Env = env) {
  const batch = createMessageBatch(QUEUES.transcription, [
    {
      id: `m-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { type: "transcribe", audio_file_id: file.id, user_id: user.id, key: file.key },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, on, ctx);
  return getQueueResult(batch, ctx);
}

/** The file back to processing in a new run, as POST retranscribe leaves it (its own queued job is not the one under test). */
export async function startAgain(fileId: string, discardCorrections = false) {
  await env.DB.prepare("UPDATE audio_files SET status = 'processing', processing_started_at = ?, discard_corrections = ? WHERE id = ?")
    .bind(new Date().toISOString(), discardCorrections ? 1 : 0, fileId)
    .run();
}

export const texts = (list: Json[]) => list.map((u) => u.transcriptWords.map((w: Json) => w.text).join(" "));
export const withoutVersions = (list: Json[]) => list.map(({ version: _v, ...u }) => u);
export const transcriptId = async (fileId: string) =>
  (await env.DB.prepare("SELECT id FROM transcripts WHERE audio_file_id = ?").bind(fileId).first<string>("id"))!;

/** A transcribed file with corrections: a word changed in the first utterance, the last one split, a speaker named, notes and summary. */
export async function correctedFile(prefix: string, on: Env = env) {
  const user = await createUser(prefix);
  const file = await processingFile(user);
  expect((await deliver(user, file, on)).explicitAcks).toHaveLength(1);
  const original = await utterances(user, file.id);
  expect(texts(original)).toEqual(["Good morning, everyone. Thanks for joining.", "Let's begin.", "First item: the budget."]);

  const first = original[0]!;
  const words = unchangedWords(first);
  words[1] = { id: first.transcriptWords[1].id, text: "MoveFlow", end_time: first.transcriptWords[1].endTime, confidence_score: 1 };
  expectStatus(await updateWords(user, file.id, first.id, { words }), 200);
  const last = original[2]!;
  expectStatus(
    await split(user, file.id, last.id, { first_word_id: last.transcriptWords[2].id, new_utterance_id: `split-${crypto.randomUUID()}` }),
    200,
  );
  const [speakerA] = await speakers(user, file.id);
  expectStatus(
    await call("PUT", `/transcripts/${file.id}/speakers/${speakerA!.id}`, { speaker: { name: "Ana", role: "Host" } }, user),
    200,
  );
  expectStatus(await call("PUT", `/transcripts/${file.id}`, { transcript: { notes: "My notes", summary: "My summary" } }, user), 200);
  return { user, file, original };
}
