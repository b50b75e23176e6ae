// Per-workspace quotas that keep one account or team from hurting everyone: folders, files,
// bytes stored, and transcriptions started per hour (uploads and retranscribes
// together, counted from D1 so they hold across isolates).
import { and, count, eq, exists, gt, lt, ne, sql, sum } from "drizzle-orm";
import { QUOTA_MESSAGES } from "../../common/limits";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { audioFiles, folders, multipartUploads, pendingUploads, recordingChunks, recordings, transcriptionStarts } from "../db/schema";
import { ApiError, forbidden } from "../lib/errors";
import { nowIso } from "../../common/time";

const GB = 1024 ** 3;
const HOUR_MS = 3600_000;
const hourAgo = () => new Date(Date.now() - HOUR_MS).toISOString();

export async function assertFolderQuota(db: Db, config: Config, workspaceId: string): Promise<void> {
  const row = await db.select({ n: count() }).from(folders).where(eq(folders.workspaceId, workspaceId)).get();
  if ((row?.n ?? 0) >= config.QUOTA_FOLDERS) throw forbidden(QUOTA_MESSAGES.folders(config.QUOTA_FOLDERS));
}

/**
 * Before an upload link is issued (and again at confirm, where `confirmingKey` is the upload
 * becoming a file): room for one more file of `size` bytes, and a transcription this hour.
 */
export async function assertUploadQuota(db: Db, config: Config, workspaceId: string, size: number, confirmingKey?: string): Promise<void> {
  await assertStorageRoom(db, config, workspaceId, size, confirmingKey);
  await assertTranscriptionQuota(db, config, workspaceId);
}

/** Room for one more file of `size` bytes in the workspace (an upload, or a file moved in). */
export async function assertStorageRoom(db: Db, config: Config, workspaceId: string, size: number, confirmingKey?: string): Promise<void> {
  const [usage, reserved] = await Promise.all([
    db
      .select({ files: count(), bytes: sum(audioFiles.fileSize) })
      .from(audioFiles)
      .where(eq(audioFiles.workspaceId, workspaceId))
      .get(),
    reservedBytes(db, workspaceId, confirmingKey),
  ]);
  if ((usage?.files ?? 0) >= config.QUOTA_FILES) throw forbidden(QUOTA_MESSAGES.files(config.QUOTA_FILES));
  if (Number(usage?.bytes ?? 0) + reserved + size > config.QUOTA_STORAGE_GB * GB) {
    throw forbidden(QUOTA_MESSAGES.storage(config.QUOTA_STORAGE_GB));
  }
}

/** Bytes the workspace may still store (a link import streams at most this much). */
export async function storageRoomLeft(db: Db, config: Config, workspaceId: string): Promise<number> {
  const [usage, reserved] = await Promise.all([
    db
      .select({ bytes: sum(audioFiles.fileSize) })
      .from(audioFiles)
      .where(eq(audioFiles.workspaceId, workspaceId))
      .get(),
    reservedBytes(db, workspaceId, undefined),
  ]);
  return Math.max(0, config.QUOTA_STORAGE_GB * GB - Number(usage?.bytes ?? 0) - reserved);
}

/**
 * Storage held by the workspace's uploads in parts that are not files yet (parts of an open one, or
 * a joined object awaiting confirm: its key is still pending), at their declared size: each
 * part link is bound to its size, so an upload never holds more. Without this, unfinished
 * uploads could pass the quota. Chunks of recordings count too, until they are joined into a file.
 */
async function reservedBytes(db: Db, workspaceId: string, exceptKey: string | undefined): Promise<number> {
  const [parts, recorded] = await Promise.all([partBytes(db, workspaceId, exceptKey), recordedBytes(db, workspaceId)]);
  return parts + recorded;
}

async function recordedBytes(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .select({ bytes: sum(recordingChunks.size) })
    .from(recordingChunks)
    .innerJoin(recordings, eq(recordings.id, recordingChunks.recordingId))
    .where(eq(recordings.workspaceId, workspaceId))
    .get();
  return Number(row?.bytes ?? 0);
}

async function partBytes(db: Db, workspaceId: string, exceptKey: string | undefined): Promise<number> {
  const row = await db
    .select({ bytes: sum(multipartUploads.fileSize) })
    .from(multipartUploads)
    .where(
      and(
        eq(multipartUploads.workspaceId, workspaceId),
        gt(multipartUploads.expiresAt, nowIso()),
        exceptKey === undefined ? undefined : ne(multipartUploads.storageKey, exceptKey),
        exists(db.select({ one: sql`1` }).from(pendingUploads).where(eq(pendingUploads.storageKey, multipartUploads.storageKey))),
      ),
    )
    .get();
  return Number(row?.bytes ?? 0);
}

export async function assertTranscriptionQuota(db: Db, config: Config, workspaceId: string): Promise<void> {
  const row = await db
    .select({ n: count() })
    .from(transcriptionStarts)
    .where(and(eq(transcriptionStarts.workspaceId, workspaceId), gt(transcriptionStarts.startedAt, hourAgo())))
    .get();
  if ((row?.n ?? 0) >= config.QUOTA_TRANSCRIPTIONS_PER_HOUR) {
    throw new ApiError(429, QUOTA_MESSAGES.transcriptions(config.QUOTA_TRANSCRIPTIONS_PER_HOUR));
  }
}

/**
 * Counts a transcription start, only while under the hourly quota: one INSERT … SELECT,
 * so concurrent starts cannot both squeeze past the limit. False when over it.
 */
export async function claimTranscriptionStart(db: Db, config: Config, workspaceId: string, audioFileId: string): Promise<boolean> {
  const now = nowIso();
  const since = hourAgo();
  const inserted = await db.run(sql`
    INSERT INTO transcription_starts (workspace_id, audio_file_id, started_at)
    SELECT ${workspaceId}, ${audioFileId}, ${now}
    WHERE (SELECT count(*) FROM transcription_starts WHERE workspace_id = ${workspaceId} AND started_at > ${since}) < ${config.QUOTA_TRANSCRIPTIONS_PER_HOUR}`);
  // Old rows are of no use to the quota.
  await db
    .delete(transcriptionStarts)
    .where(
      and(
        eq(transcriptionStarts.workspaceId, workspaceId),
        lt(transcriptionStarts.startedAt, new Date(Date.now() - 24 * HOUR_MS).toISOString()),
      ),
    );
  return (inserted.meta.changes ?? 0) > 0;
}

/** Counts a start the upload quota check already allowed (a new file's first transcription). */
export async function recordTranscriptionStart(db: Db, workspaceId: string, audioFileId: string): Promise<void> {
  await db.insert(transcriptionStarts).values({ workspaceId, audioFileId, startedAt: nowIso() });
}

/** Like claimTranscriptionStart, but refusing with the quota's 429. */
export async function takeTranscriptionStart(db: Db, config: Config, workspaceId: string, audioFileId: string): Promise<void> {
  if (!(await claimTranscriptionStart(db, config, workspaceId, audioFileId))) {
    throw new ApiError(429, QUOTA_MESSAGES.transcriptions(config.QUOTA_TRANSCRIPTIONS_PER_HOUR));
  }
}
