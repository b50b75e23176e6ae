import { and, eq } from "drizzle-orm";
import type { FileStatusChangedEvent } from "../../common/transcript";
import { userChannel } from "../channel";
import { getConfig, type Config } from "../config";
import { getDb, type Db } from "../db/client";
import { audioFiles, type AudioFileRow } from "../db/schema";
import { badRequest } from "../lib/errors";
import { LIBRARY_MESSAGES } from "../../common/library";
import { nowIso } from "../lib/time";
import { findUserById, preferencesOf } from "../auth/users";
import { QUEUE_MAX_RETRIES, QUEUES, type TranscribeMessage } from "../queue-messages";
import { queueAutomaticSummary } from "../summaries/job";
import { buildTranscriptRows, saveTranscript } from "../transcripts/store";
import { toAudioFileDto } from "../library/audio-files";
import { serviceInfo, SERVICES } from "./services";
import { PermanentTranscriptionError, type TranscriptionInput } from "./types";


/** The first delivery plus the queue's retries (wrangler.toml). */
export const MAX_ATTEMPTS = QUEUE_MAX_RETRIES[QUEUES.transcription] + 1;
/** Backoff between retries: 30 s, 60 s, 120 s… capped at 15 minutes. */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 900);
/**
 * A service that keeps failing ends the file within this long of the upload, with
 * its reason, whatever the queue's retry settings: nobody waits an hour to learn it.
 */
export const FAIL_WITHIN_SECONDS = 5 * 60;

export async function enqueueTranscription(env: Env, file: AudioFileRow): Promise<void> {
  const message: TranscribeMessage = { type: "transcribe", audio_file_id: file.id, user_id: file.userId, key: file.storageKey };
  await env.TRANSCRIPTION_QUEUE.send(message);
}

/** Pushes a status change, with the whole file, to every open tab of the file's owner; never fails the caller. */
export async function notifyFileStatus(env: Env, file: AudioFileRow, hasTranscript: boolean, message: string) {
  const event: FileStatusChangedEvent = {
    type: "file_status_changed",
    file_id: file.id,
    file: { status: file.status, has_transcript: hasTranscript, name: file.name },
    message,
    audio_file: toAudioFileDto(file, hasTranscript),
  };
  try {
    const stub = await userChannel(env, file.userId);
    await stub.publish(event);
  } catch (error) {
    console.error("Could not publish file status", file.id, error);
  }
}

async function setStatus(db: Db, id: string, status: AudioFileRow["status"], failureReason: string | null): Promise<AudioFileRow | undefined> {
  return db
    .update(audioFiles)
    .set({ status, failureReason, updatedAt: nowIso(), jobRetryAt: null })
    .where(and(eq(audioFiles.id, id), eq(audioFiles.status, "processing")))
    .returning()
    .get();
}

/** A new job starts with a clean slate. */
export const FRESH_JOB = { jobAttempts: 0, jobError: null, jobRetryAt: null, jobHeartbeatAt: null, jobRequeues: 0 } as const;

/** The last sign of a file's job: its start, its latest attempt, or the retry it waits for. */
export function lastSignOfJob(file: Pick<AudioFileRow, "processingStartedAt" | "createdAt" | "jobHeartbeatAt" | "jobRetryAt">): number {
  return Math.max(...[file.processingStartedAt ?? file.createdAt, file.jobHeartbeatAt, file.jobRetryAt].filter((t): t is string => !!t).map(Date.parse));
}

/** Processing with no sign of its job past the bound: its queue message is gone. */
export function isJobLost(file: AudioFileRow, lostAfterSeconds: number, now = Date.now()): boolean {
  return file.status === "processing" && now - lastSignOfJob(file) > lostAfterSeconds * 1000;
}

/** Sends a file (failed, ready to redo, or stuck with a lost job) back to transcription. */
export async function retranscribe(env: Env, db: Db, file: AudioFileRow): Promise<AudioFileRow> {
  const config = getConfig(env);
  if (file.status === "processing" && !isJobLost(file, config.JOB_LOST_AFTER_SECONDS)) throw badRequest(LIBRARY_MESSAGES.alreadyProcessing);
  const updated = await db
    .update(audioFiles)
    .set({ status: "processing", failureReason: null, processingStartedAt: nowIso(), updatedAt: nowIso(), ...FRESH_JOB })
    .where(eq(audioFiles.id, file.id))
    .returning()
    .get();
  await enqueueTranscription(env, updated!);
  await notifyFileStatus(env, updated!, false, "Transcription started");
  return updated!;
}

/** The service for a user: their preference when selection is on and it is available, else the configured one. */
async function chooseService(db: Db, config: Config, userId: string): Promise<string> {
  if (config.FEATURE_SERVICE_SELECTION) {
    const user = await findUserById(db, userId);
    const preferred = user ? preferencesOf(user).transcription_service : null;
    const service = SERVICES.find((s) => s.name === preferred);
    if (service?.available(config)) return service.name;
  }
  return config.TRANSCRIPTION_SERVICE;
}

function mediaInput(env: Env, file: AudioFileRow): TranscriptionInput {
  const read = async (options?: R2GetOptions) => {
    const object = await env.MEDIA.get(file.storageKey, options);
    if (!object) throw new PermanentTranscriptionError("The uploaded media is missing. Please upload the file again.");
    return object.body;
  };
  return {
    open: () => read(),
    openRange: (offset, length) => read({ range: { offset, length } }),
    contentType: file.contentType,
    filename: file.filename,
    size: file.fileSize,
    durationSeconds: file.durationSeconds,
  };
}

/**
 * The queue consumer for one message. Idempotent: a file that is no longer
 * processing is left alone, and saving replaces any earlier transcript.
 */
export async function runTranscriptionJob(message: Message<unknown>, body: TranscribeMessage, env: Env): Promise<void> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const file = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.id, body.audio_file_id), eq(audioFiles.userId, body.user_id)))
    .get();
  if (!file || file.status !== "processing") {
    message.ack(); // deleted, or already finished by an earlier delivery
    return;
  }

  const serviceName = await chooseService(db, config, file.userId);
  const startedAt = nowIso();
  // A sign of life for the recovery sweep, and the attempt the file view shows.
  await db.update(audioFiles).set({ jobAttempts: message.attempts, jobHeartbeatAt: startedAt, jobRetryAt: null }).where(eq(audioFiles.id, file.id));
  try {
    const info = serviceInfo(serviceName, config);
    if (!info.available(config)) {
      throw new PermanentTranscriptionError(
        `${info.label} is not available here. Configure another transcription service (see README, "Real transcription locally").`,
      );
    }
    const result = await info.adapter.transcribe(mediaInput(env, file), env, config);
    if (result.utterances.every((u) => u.words.length === 0)) {
      throw new PermanentTranscriptionError("No speech was found in this recording.");
    }
    const rows = buildTranscriptRows(file, result, { service: serviceName, startedAt, completedAt: nowIso() });
    await saveTranscript(env.DB, rows);
    message.ack();
    const ready = await db.select().from(audioFiles).where(eq(audioFiles.id, file.id)).get();
    await notifyFileStatus(env, ready ?? { ...file, status: "ready" }, true, "Transcription completed");
    await queueAutomaticSummary(env, config, file);
  } catch (error) {
    const permanent = error instanceof PermanentTranscriptionError;
    const last = message.attempts >= MAX_ATTEMPTS;
    const serviceReason = error instanceof Error && error.message ? error.message : "The transcription service failed";
    console.error(`Transcription of ${file.id} failed (attempt ${message.attempts}${permanent ? ", permanent" : ""})`, error);
    const delay = retryDelaySeconds(message.attempts);
    // Past the bound a retry would end: fail now with the service's reason, whatever the queue would still do.
    const overdue = Date.now() + delay * 1000 - Date.parse(file.processingStartedAt ?? file.createdAt) > FAIL_WITHIN_SECONDS * 1000;
    if (!permanent && !last && !overdue) {
      const retryAt = new Date(Date.now() + delay * 1000).toISOString();
      const waiting = await db
        .update(audioFiles)
        .set({ jobError: serviceReason, jobRetryAt: retryAt, updatedAt: nowIso() })
        .where(and(eq(audioFiles.id, file.id), eq(audioFiles.status, "processing")))
        .returning()
        .get();
      message.retry({ delaySeconds: delay });
      if (waiting) await notifyFileStatus(env, waiting, false, `Retrying (attempt ${message.attempts + 1}): ${serviceReason}`);
      return;
    }
    const reason = permanent ? serviceReason : last ? "Transcription failed after several attempts. Please try again later." : `${serviceReason} (gave up after ${message.attempts} attempts)`;
    const failed = await setStatus(db, file.id, "failed", reason);
    if (failed) await notifyFileStatus(env, failed, false, reason);
    // After the last attempt the message goes on to the dead-letter queue for inspection.
    if (permanent || (overdue && !last)) message.ack();
    else message.retry();
  }
}
