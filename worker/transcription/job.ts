import { eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { audioFiles, type AudioFileRow } from "../db/schema";
import type { TranscribeMessage } from "../queue-messages";
import { failProcessing, restartProcessing } from "../library/file-status";
import { failedBecause } from "../lib/job-failure";
import type { TranscriptionOptions } from "../../common/transcription-options";
import { endRunOf } from "./run-end";
import { GAVE_UP_REASON } from "./run-steps";
import { instanceIdOf, type RunParams, runOf } from "./run-key";

export async function enqueueTranscription(env: Env, file: AudioFileRow): Promise<void> {
  const message: TranscribeMessage = {
    type: "transcribe",
    audio_file_id: file.id,
    user_id: file.uploadedBy ?? file.workspaceId,
    key: file.storageKey,
  };
  await env.TRANSCRIPTION_QUEUE.send(message);
}

/**
 * Sends a file (failed, ready to redo, or stuck with a lost job) back to
 * transcription with these options; the caller has checked `assertRestartable`.
 */
export async function retranscribe(
  env: Env,
  db: Db,
  file: AudioFileRow,
  hasTranscript: boolean,
  options: TranscriptionOptions,
  discardCorrections = false,
): Promise<AudioFileRow> {
  // A run still going (its job looked lost, or it waits between attempts) stops paying for work no one will use.
  await endRunOf(env, file);
  const discard = discardCorrections ? 1 : 0;
  await db.update(audioFiles).set({ transcriptionOptions: options, discardCorrections: discard }).where(eq(audioFiles.id, file.id));
  const updated = await restartProcessing(env, db, { ...file, transcriptionOptions: options, discardCorrections: discard }, hasTranscript);
  await enqueueTranscription(env, updated);
  return updated;
}

/**
 * Starts the run's workflow instance, or finds it: its id is the run key, so a redelivered message
 * (the queue delivers at least once) never starts a second one.
 */
export async function startRun(env: Env, params: RunParams): Promise<"started" | "found"> {
  const id = instanceIdOf(params);
  const find = () =>
    env.TRANSCRIPTION_WORKFLOW.get(id).then(
      () => true,
      () => false,
    );
  if (await find()) return "found";
  try {
    await env.TRANSCRIPTION_WORKFLOW.create({ id, params });
    return "started";
  } catch (error) {
    // The engine refuses an id it already has (a delivery at the same moment); anything else is a failure to retry.
    if (await find()) return "found";
    throw error;
  }
}

/**
 * The queue consumer for one message: starts the file's current run as a workflow (workflow.ts),
 * which does the work. A file that is no longer processing is left alone.
 */
export async function runTranscriptionJob(message: Message<unknown>, body: TranscribeMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (file?.status === "processing") await startRun(env, { fileId: file.id, run: runOf(file) });
  message.ack();
}

/** Its run could not be started after the queue's last try: the file fails, saying why. */
export async function giveUpTranscription(env: Env, body: TranscribeMessage, error: unknown): Promise<void> {
  await failProcessing(env, getDb(env.DB), body.audio_file_id, failedBecause(GAVE_UP_REASON, error));
}
