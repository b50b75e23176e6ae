// The one owner of a file's status: every transition (processing, ready, failed),
// the job bookkeeping that goes with it, and the live message that follows each.
// Routes, the transcription job and the recovery sweep call these; nothing else
// writes `audio_files.status`.
import { tellWebhooks } from "../webhooks/events";
import { and, eq } from "drizzle-orm";
import { LIBRARY_MESSAGES } from "../../common/library";
import type { FileStatusChangedEvent } from "../../common/live-messages";
import type { Db } from "../db/client";
import { audioFiles, type AudioFileRow } from "../db/schema";
import { badRequest } from "../lib/errors";
import { nowIso } from "../../common/time";
import { publishToWorkspace } from "../live/publish";
import { emailWhenDone } from "../notifications/done-email";
import { reviewerNameOf, toAudioFileDto } from "./audio-files";

/** A new job starts with a clean slate. */
const FRESH_JOB = {
  jobAttempts: 0,
  jobError: null,
  jobRetryAt: null,
  jobHeartbeatAt: null,
  jobRequeues: 0,
  jobChunksDone: null,
  jobChunksTotal: null,
} as const;

type ProcessingFields = Pick<
  AudioFileRow,
  | "status"
  | "failureReason"
  | "processingStartedAt"
  | "jobAttempts"
  | "jobError"
  | "jobRetryAt"
  | "jobHeartbeatAt"
  | "jobRequeues"
  | "jobChunksDone"
  | "jobChunksTotal"
>;

/** The status fields of a file whose transcription starts now (a new upload or a retranscribe). */
export function processingFields(now = nowIso()): ProcessingFields {
  return { status: "processing", failureReason: null, processingStartedAt: now, ...FRESH_JOB };
}

/** The last sign of a file's job: its start, its latest attempt, or the retry it waits for. */
export function lastSignOfJob(file: Pick<AudioFileRow, "processingStartedAt" | "createdAt" | "jobHeartbeatAt" | "jobRetryAt">): number {
  return Math.max(
    ...[file.processingStartedAt ?? file.createdAt, file.jobHeartbeatAt, file.jobRetryAt].filter((t): t is string => !!t).map(Date.parse),
  );
}

/** Processing with no sign of its job past the bound: its queue message is gone. */
export function isJobLost(file: AudioFileRow, lostAfterSeconds: number, now = Date.now()): boolean {
  return file.status === "processing" && now - lastSignOfJob(file) > lostAfterSeconds * 1000;
}

/** A file may start transcribing again unless its job is still alive. */
export function assertRestartable(file: AudioFileRow, lostAfterSeconds: number): void {
  if (file.status === "processing" && !isJobLost(file, lostAfterSeconds)) throw badRequest(LIBRARY_MESSAGES.alreadyProcessing);
}

/**
 * Pushes a status change, with the whole file, to every open tab of every member of the file's
 * workspace; never fails the caller. Answers how many tabs it reached (null: unknown).
 */
export async function notifyFileStatus(
  env: Env,
  db: Db,
  file: AudioFileRow,
  hasTranscript: boolean,
  message: string,
  /** Progress only: the tabs update without telling the user. */
  quiet = false,
): Promise<number | null> {
  const event: FileStatusChangedEvent = {
    type: "file_status_changed",
    file_id: file.id,
    file: { status: file.status, has_transcript: hasTranscript, name: file.name },
    message,
    ...(quiet ? { quiet } : {}),
    audio_file: toAudioFileDto(file, hasTranscript, await reviewerNameOf(db, file).catch(() => null)),
  };
  return publishToWorkspace(env, file.workspaceId, event);
}

const stillProcessing = (id: string) => and(eq(audioFiles.id, id), eq(audioFiles.status, "processing"));

/** Any status → processing, with a fresh job; announced. */
export async function restartProcessing(env: Env, db: Db, file: AudioFileRow, hasTranscript: boolean): Promise<AudioFileRow> {
  const now = nowIso();
  const row = await db
    .update(audioFiles)
    .set({ ...processingFields(now), updatedAt: now })
    .where(eq(audioFiles.id, file.id))
    .returning()
    .get();
  const updated = row ?? { ...file, ...processingFields(now), updatedAt: now };
  await notifyFileStatus(env, db, updated, hasTranscript, "Transcription started");
  return updated;
}

/**
 * SQL that holds while the file (`?fileParam`) is processing the run `?runParam` (its
 * `processing_started_at`; a row without one takes any run): a job's writes after it stored
 * the transcript take it, so a late delivery, or one of a run a newer one replaced, changes nothing.
 */
export const whileProcessingRun = (fileParam: string, runParam: string) =>
  `EXISTS (SELECT 1 FROM audio_files WHERE id = ${fileParam} AND status = 'processing' AND coalesce(processing_started_at, ${runParam}) = ${runParam})`;

/**
 * processing → ready for the job's run, as a statement for the caller's batch: the transcript's
 * header and the status change commit together. Announce it with `announceReady` afterwards.
 */
export function readyStatement(
  d1: D1Database,
  fileId: string,
  run: string,
  service: string,
  durationSeconds: number,
  now: string,
): D1PreparedStatement {
  // The duration measured by the service replaces the browser's estimate.
  return d1
    .prepare(
      `UPDATE audio_files SET status = 'ready', failure_reason = NULL, job_error = NULL, job_retry_at = NULL, transcription_service = ?3,
         duration_seconds = ?4, updated_at = ?5 WHERE id = ?1 AND ${whileProcessingRun("?1", "?2")}`,
    )
    .bind(fileId, run, service, Math.round(durationSeconds), now);
}

/**
 * The same for a re-transcription the user's store merged, only while that run is the file's
 * (decision 023, rule 2): no change when another delivery finished it or a newer run began.
 */
export function readyAfterMergeStatement(
  d1: D1Database,
  fileId: string,
  run: string | null,
  durationSeconds: number,
  now: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE audio_files SET status = 'ready', failure_reason = NULL, job_error = NULL, job_retry_at = NULL, discard_corrections = 0,
         duration_seconds = ?, updated_at = ? WHERE id = ? AND status = 'processing' AND processing_started_at IS ?`,
    )
    .bind(Math.round(durationSeconds), now, fileId, run);
}

/** What file.ready and file.failed carry (docs/api.md, Webhooks). */
const fileEvent = (file: AudioFileRow) => ({
  file_id: file.id,
  name: file.name,
  status: file.status,
  duration: file.durationSeconds,
  workspace_id: file.workspaceId,
});

export async function announceReady(env: Env, db: Db, file: AudioFileRow): Promise<void> {
  const ready = (await db.select().from(audioFiles).where(eq(audioFiles.id, file.id)).get()) ?? { ...file, status: "ready" as const };
  const tabs = await notifyFileStatus(env, db, ready, true, "Transcription completed");
  await tellWebhooks(env, db, ready.workspaceId, ready.uploadedBy ?? ready.workspaceId, "file.ready", fileEvent(ready));
  // No tab saw it: maybe an e-mail (docs/product.md#notifications).
  await emailWhenDone(env, db, ready, "ready", tabs);
}

/** A job attempt begins: a sign of life for the recovery sweep, and the attempt the file view shows. */
export async function recordAttempt(db: Db, fileId: string, attempt: number): Promise<void> {
  await db.update(audioFiles).set({ jobAttempts: attempt, jobHeartbeatAt: nowIso(), jobRetryAt: null }).where(eq(audioFiles.id, fileId));
}

const inRun = (id: string, run: string) => and(stillProcessing(id), eq(audioFiles.processingStartedAt, run));

/**
 * The run's progress by pieces of the recording: `done` of `total` transcribed, the next one at its
 * first attempt; announced with the whole file, so open tabs show it at once. Nothing for another run.
 */
export async function recordPieces(
  env: Env,
  db: Db,
  file: { id: string; run: string; hasTranscript: boolean },
  done: number,
  total: number,
): Promise<void> {
  const row = await db
    .update(audioFiles)
    .set({ jobChunksDone: done, jobChunksTotal: total, jobAttempts: 1, jobError: null, jobRetryAt: null, jobHeartbeatAt: nowIso() })
    .where(inRun(file.id, file.run))
    .returning()
    .get();
  if (row)
    await notifyFileStatus(
      env,
      db,
      row,
      file.hasTranscript,
      done === 0 ? "Transcription started" : `Transcribed ${done} of ${total} pieces`,
    );
}

/** A failed attempt that will be tried again at `retryAt`; announced with the service's reason. */
export async function scheduleRetry(env: Env, db: Db, fileId: string, attempt: number, reason: string, retryAt: string): Promise<void> {
  const waiting = await db
    .update(audioFiles)
    .set({ jobError: reason, jobRetryAt: retryAt, updatedAt: nowIso() })
    .where(stillProcessing(fileId))
    .returning()
    .get();
  if (waiting) await notifyFileStatus(env, db, waiting, false, `Retrying (attempt ${attempt + 1}): ${reason}`);
}

/**
 * The recovery sweep re-sends a lost job: conditional on the requeue count it
 * read, so two sweeps never both act on one file. Undefined when another won.
 */
export async function claimRequeue(db: Db, file: AudioFileRow): Promise<AudioFileRow | undefined> {
  return db
    .update(audioFiles)
    .set({ jobRequeues: file.jobRequeues + 1, jobHeartbeatAt: nowIso(), jobRetryAt: null, updatedAt: nowIso() })
    .where(and(stillProcessing(file.id), eq(audioFiles.jobRequeues, file.jobRequeues)))
    .returning()
    .get();
}

/**
 * processing → failed with the reason; announced. Undefined (and silent) when the
 * file was no longer processing, or, with `requeues`, when the sweep's count moved on.
 */
export async function failProcessing(
  env: Env,
  db: Db,
  fileId: string,
  reason: string,
  requeues?: number,
): Promise<AudioFileRow | undefined> {
  const guard = requeues === undefined ? stillProcessing(fileId) : and(stillProcessing(fileId), eq(audioFiles.jobRequeues, requeues));
  const failed = await db
    .update(audioFiles)
    .set({ status: "failed", failureReason: reason, jobRetryAt: null, updatedAt: nowIso() })
    .where(guard)
    .returning()
    .get();
  if (failed) {
    await emailWhenDone(env, db, failed, "failed", await notifyFileStatus(env, db, failed, false, reason));
    await tellWebhooks(env, db, failed.workspaceId, failed.uploadedBy ?? failed.workspaceId, "file.failed", {
      ...fileEvent(failed),
      reason,
    });
  }
  return failed;
}
