// Every limit on what a workspace or a user may hold or start, each as the SQL condition its
// write is made under (docs/security.md, "Every limit is one atomic step"): the check and its use
// are one statement, or one D1 batch, never a count read before a write, so requests at once
// cannot pass a limit together. Storage counts a workspace's files, its holds (bytes promised to
// upload links, uploads in parts and imports in flight: storage_holds) and its recordings' chunks.
import { and, eq, lt, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import { QUOTA_MESSAGES } from "../../common/limits";
import { MAX_OPEN_UPLOADS, MULTIPART_MESSAGES } from "../../common/multipart";
import { RECORDING_LIMITS, RECORDING_MESSAGES } from "../../common/recordings";
import { nowIso } from "../../common/time";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { insertWhere } from "../db/insert-where";
import { type AudioFileRow, audioFiles, storageHolds, transcriptionStarts } from "../db/schema";
import { type ApiError, forbidden, tooManyRequests } from "../lib/errors";

const GB = 1024 ** 3;
const HOUR_MS = 3600_000;
const hourAgo = () => new Date(Date.now() - HOUR_MS).toISOString();
const quotaBytes = (config: Config) => config.QUOTA_STORAGE_GB * GB;

/** One limit: the condition that it has room, and the answer when it has not. */
export interface Check {
  room: SQL;
  refusal: ApiError;
}

/** What a write replaces, left out of the bytes it is checked against: a key's own hold, or a chunk sent again. */
export interface Replacing {
  key?: string | undefined;
  chunk?: { recordingId: string; n: number } | undefined;
}

/** Bytes the workspace stores and holds: its files, its unexpired holds and its recordings' chunks. */
function usedBytes(workspaceId: string, now: string, replacing: Replacing): SQL {
  const { key, chunk } = replacing;
  return sql`(
    (SELECT coalesce(sum(file_size), 0) FROM audio_files WHERE workspace_id = ${workspaceId})
    + (SELECT coalesce(sum(bytes), 0) FROM storage_holds
       WHERE workspace_id = ${workspaceId} AND expires_at > ${now}${key === undefined ? sql`` : sql` AND storage_key <> ${key}`})
    + (SELECT coalesce(sum(c.size), 0) FROM recording_chunks c JOIN recordings r ON r.id = c.recording_id
       WHERE r.workspace_id = ${workspaceId}${chunk ? sql` AND NOT (c.recording_id = ${chunk.recordingId} AND c.n = ${chunk.n})` : sql``}))`;
}

export const storageRefusal = (config: Config) => forbidden(QUOTA_MESSAGES.storage(config.QUOTA_STORAGE_GB));

/** Room for `bytes` more in the workspace's storage (QUOTA_STORAGE_GB). */
export const storageCheck = (config: Config, workspaceId: string, bytes: number, replacing: Replacing = {}): Check => ({
  room: sql`${usedBytes(workspaceId, nowIso(), replacing)} + ${bytes} <= ${quotaBytes(config)}`,
  refusal: storageRefusal(config),
});

/** Room for one more folder in the workspace (QUOTA_FOLDERS). */
export const folderCheck = (config: Config, workspaceId: string): Check => ({
  room: sql`(SELECT count(*) FROM folders WHERE workspace_id = ${workspaceId}) < ${config.QUOTA_FOLDERS}`,
  refusal: forbidden(QUOTA_MESSAGES.folders(config.QUOTA_FOLDERS)),
});

/** Room for one more file in the workspace (QUOTA_FILES). */
const fileCheck = (config: Config, workspaceId: string): Check => ({
  room: sql`(SELECT count(*) FROM audio_files WHERE workspace_id = ${workspaceId}) < ${config.QUOTA_FILES}`,
  refusal: forbidden(QUOTA_MESSAGES.files(config.QUOTA_FILES)),
});

/** Room for one more transcription start this hour (QUOTA_TRANSCRIPTIONS_PER_HOUR; uploads and retranscribes together). */
const transcriptionCheck = (config: Config, workspaceId: string): Check => ({
  room: sql`(SELECT count(*) FROM transcription_starts WHERE workspace_id = ${workspaceId} AND started_at > ${hourAgo()})
    < ${config.QUOTA_TRANSCRIPTIONS_PER_HOUR}`,
  refusal: tooManyRequests(QUOTA_MESSAGES.transcriptions(config.QUOTA_TRANSCRIPTIONS_PER_HOUR)),
});

/** Room for one more upload in parts open at once (MAX_OPEN_UPLOADS per user): each holds parts in storage. */
const openUploadCheck = (userId: string): Check => ({
  room: sql`(SELECT count(*) FROM multipart_uploads WHERE user_id = ${userId} AND completed_at IS NULL AND expires_at > ${nowIso()})
    < ${MAX_OPEN_UPLOADS}`,
  refusal: tooManyRequests(MULTIPART_MESSAGES.tooManyOpen),
});

/** Room for one more unfinished recording (RECORDING_LIMITS.maxOpen per user). */
export const openRecordingCheck = (userId: string): Check => ({
  room: sql`(SELECT count(*) FROM recordings WHERE user_id = ${userId} AND audio_file_id IS NULL) < ${RECORDING_LIMITS.maxOpen}`,
  refusal: tooManyRequests(RECORDING_MESSAGES.tooManyOpen),
});

/** An upload in parts: open at once, and its declared bytes in storage. */
export const openUploadChecks = (config: Config, userId: string, workspaceId: string, bytes: number): Check[] => [
  openUploadCheck(userId),
  storageCheck(config, workspaceId, bytes),
];

/** A file moved into the workspace: one more file, and its bytes. */
export const movedInChecks = (config: Config, workspaceId: string, bytes: number): Check[] => [
  fileCheck(config, workspaceId),
  storageCheck(config, workspaceId, bytes),
];

/** Every check's room at once: the WHERE of the write that uses them. */
export const roomFor = (checks: Check[]): SQL => and(...checks.map((c) => c.room))!;

/** The first of `checks` without room now, if any. */
async function firstWithoutRoom(db: Db, checks: Check[]): Promise<Check | undefined> {
  const row = await db.get<Record<string, number>>(
    sql`SELECT ${sql.join(
      checks.map((c, i) => sql`(${c.room}) AS ${sql.identifier(`c${i}`)}`),
      sql`, `,
    )}`,
  );
  return checks.find((_, i) => !row?.[`c${i}`]);
}

/**
 * After a write made under `roomFor(checks)` changed nothing: the answer of the first check without
 * room. Read afterwards only to say which limit it was; the write itself decided.
 */
export async function refusalOf(db: Db, checks: Check[]): Promise<ApiError> {
  // None without room now: room came free after the write; its refusal stands all the same.
  return ((await firstWithoutRoom(db, checks)) ?? checks.at(-1)!).refusal;
}

/**
 * Before anything is sent (an upload link, a recording started): room for one more file and a
 * transcription this hour, so nobody uploads for nothing. A courtesy read: the file's own claim
 * (claimNewFile) is what keeps both limits.
 */
export async function assertUploadQuota(db: Db, config: Config, workspaceId: string): Promise<void> {
  const full = await firstWithoutRoom(db, [fileCheck(config, workspaceId), transcriptionCheck(config, workspaceId)]);
  if (full) throw full.refusal;
}

/** What a new file's claim adds: the hold it takes over, the caller's own conditions, and its writes that follow. */
export interface NewFileClaim {
  /** The key whose hold becomes the file's bytes (its upload's). */
  releasing?: string;
  /** Checked first, in the same statement (a recording not finished yet). */
  also?: Check[];
  /** Written in the same batch, given the condition that the file was made. */
  alongside?: (made: SQL) => BatchItem<"sqlite">[];
}

/**
 * A new file of the workspace with its first transcription start, in one D1 batch: the file is
 * inserted only while the workspace has room for one more file, for its bytes (besides the hold
 * it takes over) and for a transcription this hour; its start and the hold's release follow only
 * when it was. 403/429 {error} naming the limit otherwise (or the refusal of an `also` check).
 */
export async function claimNewFile(db: Db, config: Config, row: AudioFileRow, claim: NewFileClaim = {}): Promise<void> {
  const ws = row.workspaceId;
  const checks = [
    ...(claim.also ?? []),
    fileCheck(config, ws),
    storageCheck(config, ws, row.fileSize, { key: claim.releasing }),
    transcriptionCheck(config, ws),
  ];
  const made = sql`EXISTS (SELECT 1 FROM audio_files WHERE id = ${row.id})`;
  const [file] = await db.batch([
    insertWhere(db, audioFiles, row, roomFor(checks)),
    insertWhere(db, transcriptionStarts, { workspaceId: ws, audioFileId: row.id, startedAt: nowIso() }, made),
    db.delete(storageHolds).where(and(eq(storageHolds.storageKey, claim.releasing ?? ""), made)),
    oldStartsGone(db, ws),
    ...(claim.alongside?.(made) ?? []),
  ]);
  if (!file.meta.changes) throw await refusalOf(db, checks);
}

// Starts older than a day are of no use to the quota.
const oldStartsGone = (db: Db, workspaceId: string) =>
  db
    .delete(transcriptionStarts)
    .where(
      and(
        eq(transcriptionStarts.workspaceId, workspaceId),
        lt(transcriptionStarts.startedAt, new Date(Date.now() - 24 * HOUR_MS).toISOString()),
      ),
    );

/**
 * Counts a transcription start (a retranscribe), only while under the hourly quota: one
 * INSERT … SELECT. False when over it.
 */
export async function claimTranscriptionStart(db: Db, config: Config, workspaceId: string, audioFileId: string): Promise<boolean> {
  const [inserted] = await db.batch([
    insertWhere(db, transcriptionStarts, { workspaceId, audioFileId, startedAt: nowIso() }, transcriptionCheck(config, workspaceId).room),
    oldStartsGone(db, workspaceId),
  ]);
  return (inserted.meta.changes ?? 0) > 0;
}

/** Like claimTranscriptionStart, but refusing with the quota's 429. */
export async function takeTranscriptionStart(db: Db, config: Config, workspaceId: string, audioFileId: string): Promise<void> {
  if (!(await claimTranscriptionStart(db, config, workspaceId, audioFileId))) throw transcriptionCheck(config, workspaceId).refusal;
}

export type StorageHold = typeof storageHolds.$inferSelect;

/** The workspace's expired holds go as new ones are taken: they count for nothing. */
const expiredHoldsGone = (db: Db, workspaceId: string) =>
  db.delete(storageHolds).where(and(eq(storageHolds.workspaceId, workspaceId), lte(storageHolds.expiresAt, nowIso())));

/** Inserts `hold` WHERE `room`, taking over the key's earlier hold, if any. */
const holdWhere = (db: Db, hold: SQLiteInsertValue<typeof storageHolds>, room: SQL) =>
  insertWhere(db, storageHolds, hold, room).onConflictDoUpdate({
    target: storageHolds.storageKey,
    set: { workspaceId: sql`excluded.workspace_id`, bytes: sql`excluded.bytes`, expiresAt: sql`excluded.expires_at` },
  });

/** Holds `hold.bytes` of the workspace's storage for its key until it expires, only while they fit. False when they do not. */
export async function holdStorage(db: Db, config: Config, hold: StorageHold): Promise<boolean> {
  const room = storageCheck(config, hold.workspaceId, hold.bytes, { key: hold.storageKey }).room;
  const [, held] = await db.batch([expiredHoldsGone(db, hold.workspaceId), holdWhere(db, hold, room)]);
  return held.meta.changes > 0;
}

/**
 * Holds what room the workspace has left, up to `most` bytes, for a key whose size is not known
 * before it streams in (an import without a declared length). The bytes held; 0 when none are left.
 */
export async function holdRoomLeft(db: Db, config: Config, hold: Omit<StorageHold, "bytes">, most: number): Promise<number> {
  const left = sql`(${quotaBytes(config)} - ${usedBytes(hold.workspaceId, nowIso(), { key: hold.storageKey })})`;
  const [, held] = await db.batch([
    expiredHoldsGone(db, hold.workspaceId),
    holdWhere(db, { ...hold, bytes: sql`CAST(min(${most}, ${left}) AS INTEGER)` }, sql`${left} >= 1`).returning({
      bytes: storageHolds.bytes,
    }),
  ]);
  return held[0]?.bytes ?? 0;
}

/** A hold taken in the batch of the write it belongs to, once `made` says that write was made (it checked the room). */
export const holdIf = (db: Db, hold: StorageHold, made: SQL) => insertWhere(db, storageHolds, hold, made);

/** Ends a key's hold (its bytes became a file's, or will not come): a statement, for a batch. */
export const releaseHold = (db: Db, storageKey: string) => db.delete(storageHolds).where(eq(storageHolds.storageKey, storageKey));
