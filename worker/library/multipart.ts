// Uploads in parts (R2 multipart): created, completed and aborted through the R2 binding;
// the parts themselves go straight to storage by signed links (worker/storage/links.ts).
import { and, eq, lt, sql } from "drizzle-orm";
import {
  MULTIPART_MESSAGES,
  MULTIPART_VALIDITY_SECONDS,
  type MultipartUploadDto,
  type PartLinkDto,
  partCountFor,
  partRange,
  partSizeFor,
} from "../../common/multipart";
import { LIBRARY_MESSAGES } from "../../common/library";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { insertWhere } from "../db/insert-where";
import { audioFiles, multipartUploads, pendingUploads } from "../db/schema";
import { badRequest, conflict, notFound, unprocessable } from "../lib/errors";
import { isoIn, nowIso } from "../../common/time";
import { partLink } from "../storage/links";
import { holdIf, openUploadChecks, refusalOf, releaseHold, roomFor } from "./quotas";
import { newStorageKey, rememberPendingUpload, uploadContentType } from "./uploads";

export type MultipartUploadRow = typeof multipartUploads.$inferSelect;

export function toMultipartDto(row: MultipartUploadRow): MultipartUploadDto {
  return {
    upload_id: row.id,
    key: row.storageKey,
    content_type: row.contentType,
    part_size: row.partSize,
    part_count: partCountFor(row.fileSize, row.partSize),
    expires_at: row.expiresAt,
  };
}

/**
 * Starts an upload in parts (the caller has checked the upload rules, as for a single PUT). At most
 * MAX_OPEN_UPLOADS are open per user (429 past it: each holds parts in storage until it is
 * finished, cancelled or expired), and its declared bytes are held in the workspace's storage
 * until it becomes a file (403 past the quota).
 */
export async function createMultipartUpload(
  db: Db,
  media: R2Bucket,
  config: Config,
  userId: string,
  workspaceId: string,
  input: { filename: string; content_type: string; file_size: number },
): Promise<MultipartUploadRow> {
  const key = newStorageKey(userId, input.filename);
  const contentType = uploadContentType(input);
  // The type is fixed now, by the server, as for the single PUT: parts carry no type of their own.
  const upload = await media.createMultipartUpload(key, { httpMetadata: { contentType } });
  // An upload completed but never confirmed is removed with its object, as a single PUT's is.
  await rememberPendingUpload(db, userId, key);
  const row: MultipartUploadRow = {
    id: crypto.randomUUID(),
    userId,
    workspaceId,
    storageKey: key,
    r2UploadId: upload.uploadId,
    contentType,
    fileSize: input.file_size,
    partSize: partSizeFor(input.file_size),
    createdAt: nowIso(),
    expiresAt: isoIn(MULTIPART_VALIDITY_SECONDS),
    completedAt: null,
  };
  // Both limits decide in the insert's own statement, and the hold follows in its batch, so
  // uploads started at once cannot pass either together.
  const checks = openUploadChecks(config, userId, workspaceId, row.fileSize);
  const [inserted] = await db.batch([
    insertWhere(db, multipartUploads, row, roomFor(checks)),
    holdIf(
      db,
      { storageKey: key, workspaceId, bytes: row.fileSize, expiresAt: row.expiresAt },
      sql`EXISTS (SELECT 1 FROM multipart_uploads WHERE id = ${row.id})`,
    ),
  ]);
  if (!inserted.meta.changes) {
    await discard(media, row);
    await forget(db, row);
    throw await refusalOf(db, checks);
  }
  return row;
}

/** The caller's own upload, still valid; another user's (or an expired one) is not found. */
export async function getOwnedUpload(db: Db, userId: string, id: string): Promise<MultipartUploadRow> {
  const row = await db
    .select()
    .from(multipartUploads)
    .where(and(eq(multipartUploads.id, id), eq(multipartUploads.userId, userId)))
    .get();
  if (!row || row.expiresAt < nowIso()) throw notFound(MULTIPART_MESSAGES.uploadNotFound);
  return row;
}

/** The upload still open for parts, looked up from what a local part link names. */
export async function findOpenUpload(db: Db, key: string, r2UploadId: string): Promise<MultipartUploadRow | undefined> {
  const row = await db
    .select()
    .from(multipartUploads)
    .where(and(eq(multipartUploads.storageKey, key), eq(multipartUploads.r2UploadId, r2UploadId)))
    .get();
  return row && !row.completedAt && row.expiresAt >= nowIso() ? row : undefined;
}

/** Signed links for the given parts, each bound to its exact size. */
export async function partLinks(config: Config, origin: string, row: MultipartUploadRow, numbers: number[]): Promise<PartLinkDto[]> {
  if (row.completedAt) throw conflict(LIBRARY_MESSAGES.uploadLinkUsed);
  const count = partCountFor(row.fileSize, row.partSize);
  if (numbers.some((n) => n > count)) throw unprocessable(MULTIPART_MESSAGES.partNumberInvalid);
  return Promise.all(
    [...new Set(numbers)].map(async (n) => {
      const { start, end } = partRange(n, row.partSize, row.fileSize);
      const size = end - start;
      const url = await partLink(config, origin, { key: row.storageKey, r2UploadId: row.r2UploadId, partNumber: n, size });
      return { part_number: n, url, size };
    }),
  );
}

// S3 answers ETags quoted; the binding takes them bare.
const bareEtag = (etag: string) => etag.replace(/^(W\/)?"|"$/g, "");

/**
 * Joins the parts into the object. Every part from 1 to the count must be named once;
 * the object must come out at the declared size, else it is removed. Completing again
 * answers the same (a retried request after a lost answer).
 */
export async function completeMultipartUpload(
  db: Db,
  media: R2Bucket,
  row: MultipartUploadRow,
  parts: { part_number: number; etag: string }[],
): Promise<{ key: string; file_size: number; content_type: string }> {
  const answer = { key: row.storageKey, file_size: row.fileSize, content_type: row.contentType };
  if (row.completedAt) return answer;
  const count = partCountFor(row.fileSize, row.partSize);
  const byNumber = new Map(parts.map((p) => [p.part_number, bareEtag(p.etag)]));
  if (byNumber.size !== parts.length || byNumber.size !== count || [...byNumber.keys()].some((n) => n > count)) {
    throw badRequest(MULTIPART_MESSAGES.partsIncomplete);
  }
  const uploaded = [...byNumber].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
  let object: R2Object;
  try {
    object = await media.resumeMultipartUpload(row.storageKey, row.r2UploadId).complete(uploaded);
  } catch {
    throw badRequest(MULTIPART_MESSAGES.partsIncomplete);
  }
  if (object.size !== row.fileSize) {
    await media.delete(row.storageKey);
    await forget(db, row);
    throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);
  }
  await db.update(multipartUploads).set({ completedAt: nowIso() }).where(eq(multipartUploads.id, row.id));
  return answer;
}

/** Cancels an upload: its parts (or its joined object, if not yet a file) are removed from storage. */
export async function abortMultipartUpload(db: Db, media: R2Bucket, row: MultipartUploadRow): Promise<void> {
  const file = await db.select({ id: audioFiles.id }).from(audioFiles).where(eq(audioFiles.storageKey, row.storageKey)).get();
  if (file) throw conflict(MULTIPART_MESSAGES.alreadyConfirmed);
  await discard(media, row);
  await forget(db, row);
}

async function discard(media: R2Bucket, row: MultipartUploadRow): Promise<void> {
  if (row.completedAt) {
    await media.delete(row.storageKey);
    return;
  }
  try {
    await media.resumeMultipartUpload(row.storageKey, row.r2UploadId).abort();
  } catch {
    // Already aborted or expired in storage: nothing is left to remove.
  }
}

async function forget(db: Db, row: MultipartUploadRow): Promise<void> {
  await db.batch([
    db.delete(multipartUploads).where(eq(multipartUploads.id, row.id)),
    db.delete(pendingUploads).where(eq(pendingUploads.storageKey, row.storageKey)),
    releaseHold(db, row.storageKey),
  ]);
}

/**
 * Expired uploads: open ones are aborted; the rows go. A completed one's object is left to
 * the unconfirmed-upload clean-up (it may have become a file).
 */
export async function removeExpiredMultipartUploads(db: Db, media: R2Bucket, now = Date.now()): Promise<number> {
  const rows = await db
    .select()
    .from(multipartUploads)
    .where(lt(multipartUploads.expiresAt, new Date(now).toISOString()))
    .limit(200)
    .all();
  for (const row of rows) {
    if (!row.completedAt) await discard(media, row);
    await db.delete(multipartUploads).where(eq(multipartUploads.id, row.id));
  }
  return rows.length;
}
