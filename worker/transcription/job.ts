import { and, eq, lt } from "drizzle-orm";
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
import { serviceInfo, SERVICES } from "./services";
import { PermanentTranscriptionError, type TranscriptionInput } from "./types";


/** The first delivery plus the queue's retries (wrangler.toml). */
export const MAX_ATTEMPTS = QUEUE_MAX_RETRIES[QUEUES.transcription] + 1;
/** Backoff between retries: 30 s, 60 s, 120 s… capped at 15 minutes. */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 900);
/** A file still processing after this long (or 3× its duration, if longer) has failed. */
export const STUCK_AFTER_SECONDS = 2 * 3600;

export async function enqueueTranscription(env: Env, file: AudioFileRow): Promise<void> {
  const message: TranscribeMessage = { type: "transcribe", audio_file_id: file.id, user_id: file.userId, key: file.storageKey };
  await env.TRANSCRIPTION_QUEUE.send(message);
}

/** Pushes a status change to every open tab of the file's owner; never fails the caller. */
export async function notifyFileStatus(env: Env, file: Pick<AudioFileRow, "id" | "userId" | "name" | "status">, hasTranscript: boolean, message: string) {
  const event: FileStatusChangedEvent = {
    type: "file_status_changed",
    file_id: file.id,
    file: { status: file.status, has_transcript: hasTranscript, name: file.name },
    message,
  };
  try {
    const stub = await userChannel(env, file.userId);
    await stub.publish(event);
  } catch (error) {
    console.error("Could not publish file status", file.id, error);
  }
}

async function setStatus(db: Db, id: string, status: AudioFileRow["status"], failureReason: string | null): Promise<AudioFileRow | undefined> {
  return db.update(audioFiles).set({ status, failureReason, updatedAt: nowIso() }).where(eq(audioFiles.id, id)).returning().get();
}

/** Sends a file (failed, or ready to redo) back to transcription. */
export async function retranscribe(env: Env, db: Db, file: AudioFileRow): Promise<AudioFileRow> {
  if (file.status === "processing") throw badRequest(LIBRARY_MESSAGES.alreadyProcessing);
  const updated = await db
    .update(audioFiles)
    .set({ status: "processing", failureReason: null, processingStartedAt: nowIso(), updatedAt: nowIso() })
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
    await notifyFileStatus(env, { ...file, status: "ready" }, true, "Transcription completed");
    await queueAutomaticSummary(env, config, file);
  } catch (error) {
    const permanent = error instanceof PermanentTranscriptionError;
    const last = message.attempts >= MAX_ATTEMPTS;
    console.error(`Transcription of ${file.id} failed (attempt ${message.attempts}${permanent ? ", permanent" : ""})`, error);
    if (!permanent && !last) {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
    const reason = permanent ? (error as Error).message : "Transcription failed after several attempts. Please try again later.";
    const failed = await setStatus(db, file.id, "failed", reason);
    if (failed) await notifyFileStatus(env, failed, false, reason);
    // After the last attempt the message goes on to the dead-letter queue for inspection.
    if (permanent) message.ack();
    else message.retry();
  }
}

/** Cron: no file stays "processing" forever. */
export async function failStuckFiles(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env.DB);
  const cutoff = new Date(now - STUCK_AFTER_SECONDS * 1000).toISOString();
  const candidates = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.status, "processing"), lt(audioFiles.processingStartedAt, cutoff)))
    .limit(200)
    .all();
  let failed = 0;
  for (const file of candidates) {
    const started = Date.parse(file.processingStartedAt ?? file.createdAt);
    const deadline = started + Math.max(STUCK_AFTER_SECONDS, 3 * (file.durationSeconds ?? 0)) * 1000;
    if (deadline > now) continue;
    const reason = "Transcription did not finish in time. Please try again.";
    const updated = await db
      .update(audioFiles)
      .set({ status: "failed", failureReason: reason, updatedAt: nowIso() })
      .where(and(eq(audioFiles.id, file.id), eq(audioFiles.status, "processing")))
      .returning()
      .get();
    if (updated) {
      failed++;
      await notifyFileStatus(env, updated, false, reason);
    }
  }
  return failed;
}
