import { LIBRARY_MESSAGES, type ServiceConfiguration } from "../../common/library";
import { checkUpload, isPlayableMediaType, mediaTypeFor } from "../../common/upload-rules";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { eq } from "drizzle-orm";
import { audioFiles, pendingUploads, type AudioFileRow } from "../db/schema";
import { badRequest, notFound, unprocessable } from "../lib/errors";
import type { TranscriptionOptions } from "../../common/transcription-options";
import { isoIn, nowIso } from "../../common/time";
import { UPLOAD_LINK_TTL_SECONDS } from "../storage/links";
import { findByStorageKey, hasFolder, type AudioFileWithFlag } from "./audio-files";
import { processingFields } from "./file-status";
import { claimNewFile, holdStorage, storageRefusal } from "./quotas";

const keyPrefix = (userId: string) => `users/${userId}/`;

/** A fresh, unguessable object key inside the user's own prefix. */
export function newStorageKey(userId: string, filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, "_").slice(-120) || "upload";
  return `${keyPrefix(userId)}${crypto.randomUUID()}/${safe}`;
}

/** A key inside the user's prefix, with no "." or ".." path segment (a name like "notes..v2.wav" is fine). */
export function isUsersKey(userId: string, key: string): boolean {
  return key.startsWith(keyPrefix(userId)) && !key.split("/").some((segment) => segment === "." || segment === ".." || segment === "");
}

/**
 * The lowest bitrate a real recording has (8 kbit/s, telephone-quality speech):
 * a duration longer than the file could hold at it is not believed.
 */
export const MIN_PLAUSIBLE_BYTES_PER_SECOND = 1_000;

/** The browser's measured duration when the file's size allows it, else unknown (the transcript corrects it later). */
export function plausibleDuration(seconds: number | null, fileSize: number): number | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  return seconds <= fileSize / MIN_PLAUSIBLE_BYTES_PER_SECOND + 10 ? seconds : null;
}

/**
 * A key for a single upload of `size` bytes, its bytes held in the workspace's storage (403 past the
 * quota) until it is confirmed or the hold expires: as long again as its link lives, so an upload
 * begun as the link expires still has its room when it is confirmed.
 */
export async function newUploadKey(db: Db, config: Config, userId: string, workspaceId: string, filename: string, size: number) {
  const key = newStorageKey(userId, filename);
  const hold = { storageKey: key, workspaceId, bytes: size, expiresAt: isoIn(2 * UPLOAD_LINK_TTL_SECONDS) };
  if (!(await holdStorage(db, config, hold))) throw storageRefusal(config);
  await rememberPendingUpload(db, userId, key);
  return key;
}

/** Remembers an upload key handed out, so one never confirmed is removed (with its object) after a day. */
export async function rememberPendingUpload(db: Db, userId: string, key: string): Promise<void> {
  await db.insert(pendingUploads).values({ storageKey: key, userId, createdAt: nowIso() }).onConflictDoNothing();
}

/**
 * The one media type an upload is stored, served and transcribed as, chosen by the
 * server from the validated request (an exact allow-listed type, or
 * application/octet-stream): never the client's Content-Type text itself.
 */
export function uploadContentType(file: { filename: string; content_type: string }): string {
  return mediaTypeFor(file.filename, file.content_type);
}

/** Server-side copy of the upload area's checks: the same rules and texts. */
export function assertUploadAllowed(
  configuration: ServiceConfiguration,
  file: { filename: string; content_type: string; file_size: number },
) {
  const problem = checkUpload({ name: file.filename, type: file.content_type, size: file.file_size }, configuration);
  if (problem) throw unprocessable(problem);
}

/** A new file of the workspace (uploaded, or imported from a link), processing: what it starts with. */
export function newFileRow(f: {
  workspaceId: string;
  uploadedBy: string;
  folderId: string | null;
  name: string;
  storageKey: string;
  contentType: string;
  fileSize: number;
  durationSeconds: number | null;
  options: TranscriptionOptions;
}): AudioFileRow {
  const now = nowIso();
  return {
    id: crypto.randomUUID(),
    workspaceId: f.workspaceId,
    uploadedBy: f.uploadedBy,
    folderId: f.folderId,
    reviewStatus: "draft",
    reviewedBy: null,
    reviewedAt: null,
    name: f.name,
    filename: f.name,
    storageKey: f.storageKey,
    contentType: f.contentType,
    fileSize: f.fileSize,
    durationSeconds: f.durationSeconds,
    transcriptionService: null,
    transcriptionOptions: f.options,
    detectedLanguage: null,
    transcriptionNotices: null,
    discardCorrections: 0,
    transcriptFieldsSeq: 0,
    importUrl: null,
    importReceivedBytes: null,
    importTotalBytes: null,
    redactedAt: null,
    mediaRedaction: null,
    createdAt: now,
    updatedAt: now,
    ...processingFields(now),
  };
}

export interface ConfirmInput {
  filename: string;
  key: string;
  file_size: number;
  content_type: string;
  folder_id?: string | null | undefined;
  duration_seconds: number | null;
  /** Complete options (the caller fills in the user's defaults). */
  options: TranscriptionOptions;
}

/**
 * Turns an uploaded object into a file, claiming its place under the quotas (claimNewFile: the key's
 * hold becomes the file's bytes). Returns `created: false` with the existing file when the key was
 * confirmed before, so a retried confirm never duplicates.
 */
export async function confirmUpload(
  db: Db,
  media: R2Bucket,
  config: Config,
  configuration: ServiceConfiguration,
  userId: string,
  workspaceId: string,
  input: ConfirmInput,
): Promise<{ file: AudioFileWithFlag; created: boolean }> {
  if (!isUsersKey(userId, input.key)) throw notFound(LIBRARY_MESSAGES.uploadNotFound);
  const existing = await findByStorageKey(db, userId, input.key);
  if (existing) return { file: existing, created: false };

  assertUploadAllowed(configuration, input);
  const folderId = input.folder_id || null;
  if (folderId && !(await hasFolder(db, workspaceId, folderId))) return refuseIntoMissingFolder(db, media, input.key);
  const object = await media.head(input.key);
  if (!object) throw notFound(LIBRARY_MESSAGES.uploadNotFound);
  if (object.size !== input.file_size) throw badRequest(LIBRARY_MESSAGES.uploadSizeMismatch);

  const storedType = object.httpMetadata?.contentType;
  const row = newFileRow({
    workspaceId,
    uploadedBy: userId,
    folderId,
    name: input.filename,
    storageKey: input.key,
    // The type the upload link was issued for (stored with the object), else the key's / the validated one.
    contentType: isPlayableMediaType(storedType) ? storedType : mediaTypeFor(input.key, input.content_type),
    fileSize: object.size,
    durationSeconds: plausibleDuration(input.duration_seconds, object.size),
    options: input.options,
  });
  try {
    await claimNewFile(db, config, row, { releasing: input.key });
  } catch (error) {
    // The folder went between the check and the insert.
    if (String(error).includes("FOREIGN KEY")) return refuseIntoMissingFolder(db, media, input.key);
    // A concurrent confirm of the same key won the race: answer with its file.
    const winner = String(error).includes("UNIQUE") ? await findByStorageKey(db, userId, input.key) : undefined;
    if (winner) return { file: winner, created: false };
    throw error;
  }
  // A folder deletion that listed its files before this insert did not see it (deleteFolder
  // checks again before the folder goes, but may have finished meanwhile): the file goes too.
  if (folderId && !(await hasFolder(db, workspaceId, folderId))) {
    await db.delete(audioFiles).where(eq(audioFiles.id, row.id));
    return refuseIntoMissingFolder(db, media, input.key);
  }
  await db.delete(pendingUploads).where(eq(pendingUploads.storageKey, input.key));
  return { file: { ...row, hasTranscript: false, reviewerName: null }, created: true };
}

/** An upload confirmed into a folder that is not there (any more) is refused, and its object removed. */
async function refuseIntoMissingFolder(db: Db, media: R2Bucket, key: string): Promise<never> {
  await media.delete(key);
  await db.delete(pendingUploads).where(eq(pendingUploads.storageKey, key));
  throw notFound(LIBRARY_MESSAGES.folderNotFound);
}
