// Recordings being sent from the browser (decision 043): each numbered chunk is its own storage
// object, with a row that holds its size (for the quota and the list), until the recording is
// finished and joined (job.ts), discarded, or left a day and removed by the sweep.
import { and, eq, lt, sql } from "drizzle-orm";
import { RECORDING_LIMITS, RECORDING_MESSAGES, type RecordingDto, type RecordingType } from "../../common/recordings";
import { nowIso } from "../../common/time";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { insertWhere } from "../db/insert-where";
import { recordingChunks, type RecordingRow, recordings } from "../db/schema";
import { ApiError, conflict, notFound } from "../lib/errors";
import { type Check, openRecordingCheck, refusalOf, roomFor, storageCheck } from "../library/quotas";

/** Where chunk `n` of a recording is kept: numbers padded so a listing comes in order. */
export const chunkKey = (recordingId: string, n: number) => `${chunkPrefix(recordingId)}${String(n).padStart(5, "0")}`;
const chunkPrefix = (recordingId: string) => `recordings/${recordingId}/`;

export async function startRecording(
  db: Db,
  input: { userId: string; workspaceId: string; folderId: string | null; name: string; mimeType: RecordingType },
): Promise<RecordingRow> {
  const row: RecordingRow = { id: crypto.randomUUID(), ...input, createdAt: nowIso(), audioFileId: null, chunkCount: null };
  // The count of unfinished ones decides in the insert's own statement: starts at once cannot pass it.
  const check = openRecordingCheck(input.userId);
  const inserted = await insertWhere(db, recordings, row, check.room);
  if (!inserted.meta.changes) throw check.refusal;
  return row;
}

/** The caller's own recording; anyone else's is not found, as a missing one. */
export async function ownedRecording(db: Db, userId: string, id: string): Promise<RecordingRow> {
  const row = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.userId, userId)))
    .get();
  if (!row) throw notFound(RECORDING_MESSAGES.notFound);
  return row;
}

/** The recording is not finished: chunks go to unfinished ones only (409). */
export const unfinishedCheck = (recordingId: string): Check => ({
  room: sql`EXISTS (SELECT 1 FROM recordings WHERE id = ${recordingId} AND audio_file_id IS NULL)`,
  refusal: conflict(RECORDING_MESSAGES.finished),
});

/**
 * Stores chunk `n` (again, if it was sent before: the same number replaces it). Its row, which
 * counts its bytes toward the workspace's storage, is written before the bytes and only while the
 * recording is unfinished, within `maxBytes` (the service's file size) and the storage quota, the
 * chunk it replaces aside: one statement, so chunks sent at once cannot pass a limit together.
 */
export async function saveChunk(
  db: Db,
  media: R2Bucket,
  config: Config,
  recording: RecordingRow,
  chunk: { n: number; bytes: ArrayBuffer; maxBytes: number },
): Promise<void> {
  const { n, bytes, maxBytes } = chunk;
  const size = bytes.byteLength;
  const checks: Check[] = [
    unfinishedCheck(recording.id),
    {
      room: sql`(SELECT coalesce(sum(size), 0) FROM recording_chunks WHERE recording_id = ${recording.id} AND n <> ${n}) + ${size} <= ${maxBytes}`,
      refusal: new ApiError(413, RECORDING_MESSAGES.tooLong(Math.round(maxBytes / 1024 ** 2))),
    },
    storageCheck(config, recording.workspaceId, size, { chunk: { recordingId: recording.id, n } }),
  ];
  const saved = await insertWhere(db, recordingChunks, { recordingId: recording.id, n, size }, roomFor(checks)).onConflictDoUpdate({
    target: [recordingChunks.recordingId, recordingChunks.n],
    set: { size },
  });
  if (!saved.meta.changes) throw await refusalOf(db, checks);
  try {
    await media.put(chunkKey(recording.id, n), bytes, { httpMetadata: { contentType: recording.mimeType } });
  } catch (error) {
    // Not stored: it neither counts nor can be joined (the browser sends it again).
    await db.delete(recordingChunks).where(and(eq(recordingChunks.recordingId, recording.id), eq(recordingChunks.n, n)));
    throw error;
  }
}

/**
 * The chunks that would be joined for `chunkCount`: 0 … chunkCount − 1, all there, else the first
 * one missing; with their bytes.
 */
export async function chunksUpTo(
  db: Db,
  recordingId: string,
  chunkCount: number,
): Promise<{ missing: number; bytes: number } | { missing: null; bytes: number }> {
  const rows = await db
    .select({ n: recordingChunks.n, size: recordingChunks.size })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.recordingId, recordingId), lt(recordingChunks.n, chunkCount)))
    .orderBy(recordingChunks.n)
    .all();
  const missing = rows.findIndex((row, i) => row.n !== i);
  const bytes = rows.reduce((sum, row) => sum + row.size, 0);
  if (missing >= 0) return { missing, bytes };
  return rows.length < chunkCount ? { missing: rows.length, bytes } : { missing: null, bytes };
}

/**
 * The caller's unfinished recordings, newest first, each with the chunks received from 0 with
 * none missing (the part a crash left that can still be joined) and their bytes.
 */
export async function unfinishedRecordings(db: Db, userId: string): Promise<RecordingDto[]> {
  const rows = await db.all<RecordingRow & { saved: number; bytes: number }>(sql`
    WITH open AS (
      SELECT * FROM recordings WHERE user_id = ${userId} AND audio_file_id IS NULL
    ), saved AS (
      -- The first number missing: 0, or the lowest n whose next one was not received.
      SELECT o.id, CASE
        WHEN NOT EXISTS (SELECT 1 FROM recording_chunks c WHERE c.recording_id = o.id AND c.n = 0) THEN 0
        ELSE (SELECT min(c.n) + 1 FROM recording_chunks c WHERE c.recording_id = o.id
              AND NOT EXISTS (SELECT 1 FROM recording_chunks d WHERE d.recording_id = o.id AND d.n = c.n + 1))
      END AS saved FROM open o
    )
    SELECT o.id, o.user_id AS userId, o.workspace_id AS workspaceId, o.folder_id AS folderId, o.name,
      o.mime_type AS mimeType, o.created_at AS createdAt, o.audio_file_id AS audioFileId, o.chunk_count AS chunkCount, s.saved,
      (SELECT coalesce(sum(c.size), 0) FROM recording_chunks c WHERE c.recording_id = o.id AND c.n < s.saved) AS bytes
    FROM open o JOIN saved s ON s.id = o.id
    ORDER BY o.created_at DESC`);
  return rows.map((row) => ({ ...toRecordingDto(row), chunk_count: Number(row.saved), bytes: Number(row.bytes) }));
}

export function toRecordingDto(row: RecordingRow): RecordingDto {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType as RecordingType,
    workspace_id: row.workspaceId,
    folder_id: row.folderId,
    started_at: row.createdAt,
    chunk_count: 0,
    bytes: 0,
  };
}

/**
 * Removes a recording's chunks: every object under its prefix (one never counted included) and
 * their rows. A finished recording's own row stays (a repeated finish answers its file) until the sweep.
 */
export async function removeChunks(db: Db, media: R2Bucket, recordingId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await media.list({ prefix: chunkPrefix(recordingId), cursor });
    if (listed.objects.length) await media.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  await db.delete(recordingChunks).where(eq(recordingChunks.recordingId, recordingId));
}

/** Removes a recording with its chunks. */
export async function removeRecording(db: Db, media: R2Bucket, recordingId: string): Promise<void> {
  await removeChunks(db, media, recordingId);
  await db.delete(recordings).where(eq(recordings.id, recordingId));
}

/** Recordings older than a day (unfinished ones a closed tab left, finished ones, joins that never ran): removed. */
export async function removeOldRecordings(db: Db, media: R2Bucket, now = Date.now()): Promise<number> {
  const before = new Date(now - RECORDING_LIMITS.keepSeconds * 1000).toISOString();
  const stale = await db.select({ id: recordings.id }).from(recordings).where(lt(recordings.createdAt, before)).limit(50).all();
  for (const { id } of stale) await removeRecording(db, media, id);
  return stale.length;
}
