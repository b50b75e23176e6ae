import { and, eq } from "drizzle-orm";
import { getConfig, type Config } from "../config";
import { getDb, type Db } from "../db/client";
import { audioFiles, type AudioFileRow } from "../db/schema";
import { nowIso } from "../../common/time";
import { findUserById, preferencesOf } from "../auth/users";
import { QUEUE_MAX_RETRIES, QUEUES, type TranscribeMessage } from "../queue-messages";
import { queueAutomaticSummary } from "../summaries/job";
import { buildTranscriptRows } from "../transcripts/ingest";
import { mergeNewRecognition, saveNewTranscript } from "../transcripts/store";
import { announceReady, failProcessing, recordAttempt, restartProcessing, scheduleRetry } from "../library/file-status";
import { parseStoredOptions, type TranscriptionOptions } from "../../common/transcription-options";
import type { Preferences } from "../../common/preferences";
import { optionsForService } from "./options";
import { serviceForUser, serviceInfo } from "./services";
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
  const discard = discardCorrections ? 1 : 0;
  await db.update(audioFiles).set({ transcriptionOptions: options, discardCorrections: discard }).where(eq(audioFiles.id, file.id));
  const updated = await restartProcessing(env, db, { ...file, transcriptionOptions: options, discardCorrections: discard }, hasTranscript);
  await enqueueTranscription(env, updated);
  return updated;
}

/**
 * The service for the file's uploader (their preference when selection is on and it is available,
 * else the configured one) and their preferences (the personal vocabulary goes with every file);
 * the defaults once that account is gone.
 */
async function chooseService(
  db: Db,
  config: Config,
  userId: string | null,
): Promise<{ serviceName: string; preferences: Preferences | null }> {
  const user = userId === null ? undefined : await findUserById(db, userId);
  const preferences = user ? preferencesOf(user) : null;
  if (!config.FEATURE_SERVICE_SELECTION) return { serviceName: config.TRANSCRIPTION_SERVICE, preferences };
  return { serviceName: serviceForUser(config, preferences?.transcription_service).name, preferences };
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
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (file?.status !== "processing") {
    message.ack(); // deleted, or already finished by an earlier delivery
    return;
  }

  const { serviceName, preferences } = await chooseService(db, config, file.uploadedBy);
  const startedAt = nowIso();
  await recordAttempt(db, file.id, message.attempts);
  try {
    const info = serviceInfo(serviceName, config);
    if (!info.available(config)) {
      throw new PermanentTranscriptionError(
        `${info.label} is not available here. Configure another transcription service (see README, "Real transcription locally").`,
      );
    }
    const options = optionsForService(info, parseStoredOptions(file.transcriptionOptions), preferences);
    const result = await info.adapter.transcribe(mediaInput(env, file), env, config, options);
    if (result.utterances.every((u) => u.words.length === 0)) {
      throw new PermanentTranscriptionError("No speech was found in this recording.");
    }
    const rows = buildTranscriptRows(file, result, { service: serviceName, startedAt, completedAt: nowIso() });
    const fields = { detectedLanguage: result.language ?? null, notices: options.notices };
    // A file with a transcript: the new recognition is merged in, keeping the user's corrections (decision 017).
    const discarded = file.discardCorrections === 1;
    const run = file.processingStartedAt ?? startedAt;
    const merged = await mergeNewRecognition(env, rows, fields, {
      file,
      run,
      discardCorrections: discarded,
      label: { serviceLabel: info.label, language: options.language, terms: [...options.terms] },
    });
    if (merged && !merged.merged) {
      message.ack(); // another delivery merged it already
      return;
    }
    if (!merged) {
      // Kept with the file before the transcript commits, so the ready announcement carries them.
      await db
        .update(audioFiles)
        .set({ detectedLanguage: fields.detectedLanguage, transcriptionNotices: fields.notices })
        .where(and(eq(audioFiles.id, file.id), eq(audioFiles.status, "processing")));
      if (!(await saveNewTranscript(env, rows, run, fields))) {
        message.ack(); // another delivery finished it, or a newer run began
        return;
      }
    }
    message.ack();
    await announceReady(env, db, file);
    // A summary the transcript already has (perhaps written by the user) stays.
    if (!merged?.hadSummary) await queueAutomaticSummary(env, config, file);
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
      await scheduleRetry(env, db, file.id, message.attempts, serviceReason, retryAt);
      message.retry({ delaySeconds: delay });
      return;
    }
    const reason = permanent
      ? serviceReason
      : last
        ? "Transcription failed after several attempts. Please try again later."
        : `${serviceReason} (gave up after ${message.attempts} attempts)`;
    await failProcessing(env, db, file.id, reason);
    // After the last attempt the message goes on to the dead-letter queue for inspection.
    if (permanent || (overdue && !last)) message.ack();
    else message.retry();
  }
}
