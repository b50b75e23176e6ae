// Import from a link: the route makes the file (processing) and queues this job, which fetches
// the link (fetch-link.ts), streams it into the file's storage key (stream-to-storage.ts),
// checks it as an upload is checked, and hands the file to transcription. Redelivery safe: a
// file fetched already goes straight on. Whatever the link does wrong (no answer, an error, not
// media, too large, too slow) fails the file at once with the reason (decision 056); the download's
// progress is on the file while it streams.
import { and, eq } from "drizzle-orm";
import { IMPORT_MESSAGES } from "../../common/imports";
import { QUOTA_MESSAGES } from "../../common/limits";
import { isoIn } from "../../common/time";
import { checkUpload, mediaTypeFor } from "../../common/upload-rules";
import type { Config } from "../config";
import { getConfig } from "../config";
import { type Db, getDb } from "../db/client";
import { type AudioFileRow, audioFiles } from "../db/schema";
import { failProcessing, notifyFileStatus, recordAttempt } from "../library/file-status";
import { holdRoomLeft, holdStorage, releaseHold } from "../library/quotas";
import { failedBecause } from "../lib/job-failure";
import type { ImportMessage } from "../queue-messages";
import { serviceConfiguration } from "../transcription/configuration";
import { enqueueTranscription } from "../transcription/job";
import { fetchLink, LinkRefused } from "./fetch-link";
import { streamToStorage, TooLarge } from "./stream-to-storage";

/** An import's hold outlives any one job (15 minutes at most), and lapses if the job dies. */
const IMPORT_HOLD_SECONDS = 30 * 60;

export async function enqueueImport(env: Env, message: ImportMessage): Promise<void> {
  await env.IMPORT_QUEUE.send(message);
}

/**
 * A lost job's file, sent again by the recovery sweep: an import not yet fetched goes back to its
 * import (a transcription would find nothing stored). False for any other file.
 */
export async function requeueImport(env: Env, file: AudioFileRow): Promise<boolean> {
  if (file.fileSize > 0 || !file.importUrl) return false;
  const userId = file.uploadedBy ?? file.workspaceId;
  await enqueueImport(env, { type: "import", audio_file_id: file.id, user_id: userId, url: file.importUrl });
  return true;
}

/** Whether an answer is a media file: an audio or video type, or a generic binary named like one. */
function mediaAnswer(declared: string | null, name: string): boolean {
  const base = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (base.startsWith("audio/") || base.startsWith("video/")) return true;
  return (
    (base === "application/octet-stream" || base === "binary/octet-stream" || base === "") &&
    mediaTypeFor(name, "") !== "application/octet-stream"
  );
}

/**
 * Holds the import's bytes before any is stored, so imports at once cannot pass the storage quota
 * together: the length the link declares, else the room left up to `most`. The bytes held, or
 * null when they do not fit.
 */
async function holdImport(db: Db, config: Config, file: AudioFileRow, declared: number | null, most: number): Promise<number | null> {
  const hold = { storageKey: file.storageKey, workspaceId: file.workspaceId, expiresAt: isoIn(IMPORT_HOLD_SECONDS) };
  if (declared === null) return (await holdRoomLeft(db, config, hold, most)) || null;
  return (await holdStorage(db, config, { ...hold, bytes: declared })) ? declared : null;
}

/** How often the download's progress is written and pushed to the file's viewers, at most. */
const PROGRESS_EVERY_MS = 2_000;

/** The download so far, written on the file and pushed to its open tabs (while it still imports). */
async function recordDownload(env: Env, db: Db, fileId: string, received: number, total: number | null): Promise<void> {
  const row = await db
    .update(audioFiles)
    .set({ importReceivedBytes: received, importTotalBytes: total, jobHeartbeatAt: new Date().toISOString() })
    .where(and(eq(audioFiles.id, fileId), eq(audioFiles.status, "processing")))
    .returning()
    .get();
  if (row) await notifyFileStatus(env, db, row, false, IMPORT_MESSAGES.downloading, received > 0);
}

export async function runImportJob(message: Message<unknown>, body: ImportMessage, env: Env): Promise<void> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (file?.status !== "processing") {
    message.ack(); // deleted, or failed meanwhile
    return;
  }
  if (file.fileSize > 0) {
    // Fetched by an earlier delivery that stopped before handing it on.
    await enqueueTranscription(env, file);
    message.ack();
    return;
  }
  await recordAttempt(db, file.id, message.attempts);
  // The whole download, body included, ends by this; the wait for the link's answer is shorter.
  const download = AbortSignal.timeout(config.IMPORT_DOWNLOAD_SECONDS * 1000);
  try {
    const response = await fetchLink(body.url, config.ENVIRONMENT === "development", {
      answerMs: config.IMPORT_ANSWER_SECONDS * 1000,
      signal: download,
    });
    const declared = response.headers.get("content-type");
    if (!mediaAnswer(declared, file.filename) || !response.body) {
      await response.body?.cancel();
      throw new LinkRefused(IMPORT_MESSAGES.notMedia((declared ?? "").split(";")[0]!.trim()));
    }
    const contentType = mediaTypeFor(file.filename, declared);
    const services = serviceConfiguration(config);
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    // The same rules as an upload's, with the size the link declares (checked again as it streams).
    const problem = checkUpload({ name: file.filename, type: contentType, size: Number.isFinite(length) ? length : 0 }, services);
    if (problem) {
      await response.body.cancel();
      throw new LinkRefused(problem);
    }
    const most = services.file_constraints.max_file_size;
    // A compressed answer's length is not the length of what streams in (decoded).
    const exact = Number.isFinite(length) && !response.headers.get("content-encoding");
    const held = await holdImport(db, config, file, exact ? length : null, most);
    if (held === null) {
      await response.body.cancel();
      throw new LinkRefused(QUOTA_MESSAGES.storage(config.QUOTA_STORAGE_GB));
    }
    const total = exact ? length : null;
    await recordDownload(env, db, file.id, 0, total);
    let reported = Date.now();
    let size: number;
    try {
      size = await streamToStorage(env.MEDIA, file.storageKey, response.body, contentType, held, async (received) => {
        if (Date.now() - reported < PROGRESS_EVERY_MS) return;
        reported = Date.now();
        await recordDownload(env, db, file.id, received, total);
      });
    } catch (error) {
      if (download.aborted) throw new LinkRefused(IMPORT_MESSAGES.tooSlow(Math.round(config.IMPORT_DOWNLOAD_SECONDS / 60)));
      if (!(error instanceof TooLarge)) throw error;
      throw new LinkRefused(
        held < most
          ? QUOTA_MESSAGES.storage(config.QUOTA_STORAGE_GB)
          : (checkUpload({ name: file.filename, type: contentType, size: most + 1 }, services) ?? IMPORT_MESSAGES.empty),
      );
    }
    if (size === 0) {
      await env.MEDIA.delete(file.storageKey);
      throw new LinkRefused(IMPORT_MESSAGES.empty);
    }
    // The file takes over its bytes from the hold in one batch: they are never counted twice, nor not at all.
    const [[fetched]] = await db.batch([
      db
        .update(audioFiles)
        .set({
          fileSize: size,
          contentType,
          importUrl: null,
          importReceivedBytes: null,
          importTotalBytes: null,
          updatedAt: new Date().toISOString(),
        })
        .where(eq(audioFiles.id, file.id))
        .returning(),
      releaseHold(db, file.storageKey),
    ]);
    if (!fetched) {
      await env.MEDIA.delete(file.storageKey); // deleted while it streamed
      message.ack();
      return;
    }
    await notifyFileStatus(env, db, fetched, false, "Fetched from the link; transcription queued");
    await enqueueTranscription(env, fetched);
    message.ack();
  } catch (error) {
    await releaseHold(db, file.storageKey);
    // Anything else (storage, the database) is tried again by the queue (worker/queues.ts).
    if (!(error instanceof LinkRefused)) throw error;
    // What the link did is final: the file fails at once with the reason, keeping the link for Retry.
    await failProcessing(env, db, file.id, error.message);
    message.ack();
  }
}

/** Threw on the queue's last try: the file fails, saying why (keeping its link for Retry), and its held bytes are freed. */
export async function giveUpImport(env: Env, body: ImportMessage, error: unknown): Promise<void> {
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (!file) return;
  await releaseHold(db, file.storageKey);
  await failProcessing(env, db, file.id, failedBecause(IMPORT_MESSAGES.failed, error));
}
