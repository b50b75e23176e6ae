import { parseStoredOptions } from "../../common/transcription-options";
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { formatDuration } from "../../core/timestamps";
import { formatFileSize } from "../../common/format";
import { LIBRARY_MESSAGES, type AudioFileDto } from "../../common/library";
import type { Db } from "../db/client";
import { exportKeysOfFiles } from "../exports/store";
import { audioFiles, folders, type AudioFileRow, users } from "../db/schema";
import { notFound } from "../lib/errors";
import { type Check, refusalOf, roomFor } from "./quotas";
import { nowIso } from "../../common/time";
import { purgeStoredTranscripts } from "../transcripts/store";
import { endRunOf } from "../transcription/run-end";

/** Estimated processing speed: seconds of work per second of audio, with a floor. */
const PROCESSING_SECONDS_PER_AUDIO_SECOND = 0.15;
const MIN_ESTIMATE_SECONDS = 20;

export function estimateProcessing(row: AudioFileRow, now = Date.now()): AudioFileDto["processingEstimation"] {
  if (row.status !== "processing") return null;
  const started = Date.parse(row.processingStartedAt ?? row.createdAt);
  const elapsedSeconds = Math.max(0, Math.round((now - started) / 1000));
  const estimatedTotalSeconds = Math.max(
    MIN_ESTIMATE_SECONDS,
    Math.round((row.durationSeconds ?? 60) * PROCESSING_SECONDS_PER_AUDIO_SECOND),
  );
  return { elapsedSeconds, estimatedTotalSeconds };
}

/** The review fields: who approved and when only while approved (`reviewerName` is that account's, null once it is gone). */
function reviewOf(row: AudioFileRow, reviewerName: string | null): Pick<AudioFileDto, "reviewStatus" | "reviewedBy" | "reviewedAt"> {
  const approved = row.reviewStatus === "approved";
  return {
    reviewStatus: row.reviewStatus,
    reviewedBy: approved && row.reviewedBy && reviewerName !== null ? { id: row.reviewedBy, fullName: reviewerName } : null,
    reviewedAt: approved ? row.reviewedAt : null,
  };
}

export function toAudioFileDto(row: AudioFileRow, hasTranscript = false, reviewerName: string | null = null): AudioFileDto {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    uploadedBy: row.uploadedBy,
    name: row.name,
    filename: row.filename,
    status: row.status,
    failureReason: row.failureReason,
    hasTranscript,
    fileSize: row.fileSize,
    fileSizeDisplay: formatFileSize(row.fileSize),
    durationSeconds: row.durationSeconds,
    durationDisplay: formatDuration(row.durationSeconds),
    contentType: row.contentType,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    folderId: row.folderId,
    processingEstimation: estimateProcessing(row),
    job: jobState(row),
    linkImport: row.importUrl
      ? { url: row.importUrl, receivedBytes: row.importReceivedBytes ?? 0, totalBytes: row.importTotalBytes }
      : null,
    transcriptionOptions: parseStoredOptions(row.transcriptionOptions),
    detectedLanguage: row.detectedLanguage,
    transcriptionNotices: Array.isArray(row.transcriptionNotices) ? row.transcriptionNotices : [],
    ...reviewOf(row, reviewerName),
    redactedAt: row.redactedAt,
    mediaRedaction: row.mediaRedaction,
  };
}

/** What the transcription job is doing, while the file is processing and a job has tried. */
export function jobState(row: AudioFileRow, now = Date.now()): AudioFileDto["job"] {
  if (row.status !== "processing" || row.jobAttempts === 0) return null;
  return {
    attempt: row.jobAttempts,
    retrying: !!row.jobRetryAt && Date.parse(row.jobRetryAt) > now,
    error: row.jobError,
    retryAt: row.jobRetryAt,
    chunksDone: row.jobChunksDone,
    chunksTotal: row.jobChunksTotal,
  };
}

export type AudioFileWithFlag = AudioFileRow & { hasTranscript: number | boolean; reviewerName: string | null };

// One query answers the file, whether it has a transcript and the name of who set its review status.
export const withTranscriptFlag = {
  ...getTableColumns(audioFiles),
  // Spelled out: drizzle renders a bare "id" here, which the subquery would read as t.id.
  hasTranscript: sql<number>`EXISTS (SELECT 1 FROM transcripts t WHERE t.audio_file_id = "audio_files"."id")`,
  reviewerName: sql<string | null>`(SELECT u.full_name FROM users u WHERE u.id = "audio_files"."reviewed_by")`,
};

export const toDto = (row: AudioFileWithFlag) => toAudioFileDto(row, Boolean(row.hasTranscript), row.reviewerName);

/** The approver's name for a file row read without it (status pushes); no read unless approved. */
export async function reviewerNameOf(db: Db, row: AudioFileRow): Promise<string | null> {
  if (row.reviewStatus !== "approved" || !row.reviewedBy) return null;
  const user = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, row.reviewedBy)).get();
  return user?.fullName ?? null;
}

/** A workspace's files. `folderId`: undefined = every file, null = Common, else that folder. */
export async function listAudioFiles(db: Db, workspaceId: string, folderId?: string | null): Promise<AudioFileWithFlag[]> {
  const scope =
    folderId === undefined
      ? eq(audioFiles.workspaceId, workspaceId)
      : folderId === null
        ? and(eq(audioFiles.workspaceId, workspaceId), isNull(audioFiles.folderId))
        : and(eq(audioFiles.workspaceId, workspaceId), eq(audioFiles.folderId, folderId));
  return db.select(withTranscriptFlag).from(audioFiles).where(scope).orderBy(desc(audioFiles.createdAt), asc(audioFiles.name)).all();
}

/** A file by id whatever its workspace (the caller checked access), or 404 as if it did not exist. */
export async function getAudioFile(db: Db, id: string): Promise<AudioFileRow> {
  const row = await db.select().from(audioFiles).where(eq(audioFiles.id, id)).get();
  if (!row) throw notFound(LIBRARY_MESSAGES.fileNotFound);
  return row;
}

/** The same with its transcript flag and reviewer's name, for a file read again after a write. */
export async function getAudioFileWithFlag(db: Db, id: string): Promise<AudioFileWithFlag> {
  const row = await db.select(withTranscriptFlag).from(audioFiles).where(eq(audioFiles.id, id)).get();
  if (!row) throw notFound(LIBRARY_MESSAGES.fileNotFound);
  return row;
}

export async function hasFolder(db: Db, workspaceId: string, folderId: string): Promise<boolean> {
  const row = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.workspaceId, workspaceId)))
    .get();
  return !!row;
}

export async function assertFolderIn(db: Db, workspaceId: string, folderId: string): Promise<void> {
  if (!(await hasFolder(db, workspaceId, folderId))) throw notFound(LIBRARY_MESSAGES.folderNotFound);
}

/**
 * Renames a file, moves it to a folder of its workspace, or moves it into another workspace
 * (`workspaceId`, checked by the caller; the file's folder is then one of that workspace's or none),
 * only while `checks` (that workspace's limits) have room: in the update's own statement.
 */
export async function updateAudioFile(
  db: Db,
  file: AudioFileWithFlag,
  changes: { name?: string | undefined; folderId?: string | null | undefined; workspaceId?: string | undefined },
  checks?: Check[],
): Promise<AudioFileWithFlag> {
  const workspaceId = changes.workspaceId ?? file.workspaceId;
  const moving = workspaceId !== file.workspaceId;
  if (changes.folderId) await assertFolderIn(db, workspaceId, changes.folderId);
  const set: Partial<AudioFileRow> = { updatedAt: nowIso() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.folderId !== undefined) set.folderId = changes.folderId;
  else if (moving) set.folderId = null;
  if (moving) set.workspaceId = workspaceId;
  const row = await db
    .update(audioFiles)
    .set(set)
    .where(and(eq(audioFiles.id, file.id), eq(audioFiles.workspaceId, file.workspaceId), checks && roomFor(checks)))
    .returning()
    .get();
  if (!row) {
    const there = checks && (await db.select({ id: audioFiles.id }).from(audioFiles).where(eq(audioFiles.id, file.id)).get());
    throw there ? await refusalOf(db, checks) : notFound(LIBRARY_MESSAGES.fileNotFound);
  }
  return { ...row, hasTranscript: file.hasTranscript, reviewerName: file.reviewerName };
}

/**
 * Removes what the rows point at first (transcripts in the owners' objects, stored media):
 * a failure leaves rows to retry with, never orphaned content.
 */
export async function deleteAudioFiles(env: Env, db: Db, rows: AudioFileRow[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  const media = env.MEDIA;
  // A running transcription ends first, so it stores nothing for a file that is gone.
  for (const row of rows) await endRunOf(env, row);
  await purgeStoredTranscripts(env, rows);
  // A file's exports go with it (their rows by cascade, their objects here).
  const keys = [...rows.map((r) => r.storageKey), ...(await exportKeysOfFiles(db, ids))];
  for (let i = 0; i < keys.length; i += 1000) {
    await media.delete(keys.slice(i, i + 1000));
  }
  // D1 allows 100 bound parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    await db.delete(audioFiles).where(inArray(audioFiles.id, ids.slice(i, i + 90)));
  }
}

/** The file an upload key became, if its uploader confirmed it before. */
export async function findByStorageKey(db: Db, uploaderId: string, key: string): Promise<AudioFileWithFlag | undefined> {
  return db
    .select(withTranscriptFlag)
    .from(audioFiles)
    .where(and(eq(audioFiles.storageKey, key), eq(audioFiles.uploadedBy, uploaderId)))
    .get();
}
