// Import from a link: the route makes the file (processing) and queues this job, which fetches
// the link (fetch-link.ts), streams it into the file's storage key (stream-to-storage.ts),
// checks it as an upload is checked, and hands the file to transcription. Redelivery safe: a
// file fetched already goes straight on; a refusal fails the file once with the reason.
import { eq } from "drizzle-orm";
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
import { maxAttempts, QUEUES, type ImportMessage } from "../queue-messages";
import { serviceConfiguration } from "../transcription/configuration";
import { enqueueTranscription } from "../transcription/job";
import { fetchLink, LinkRefused } from "./fetch-link";
import { streamToStorage, TooLarge } from "./stream-to-storage";

const MAX_ATTEMPTS = maxAttempts(QUEUES.import);
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
  try {
    const response = await fetchLink(body.url, config.ENVIRONMENT === "development");
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
    let size: number;
    try {
      size = await streamToStorage(env.MEDIA, file.storageKey, response.body, contentType, held);
    } catch (error) {
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
        .set({ fileSize: size, contentType, importUrl: null, updatedAt: new Date().toISOString() })
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
    const reason = error instanceof Error ? error.message : IMPORT_MESSAGES.unreachable;
    if (error instanceof LinkRefused || message.attempts >= MAX_ATTEMPTS) {
      await failProcessing(env, db, file.id, reason);
      // The link is kept only while the import may still fetch it.
      await db.update(audioFiles).set({ importUrl: null }).where(eq(audioFiles.id, file.id));
      message.ack();
    } else {
      message.retry({ delaySeconds: Math.min(30 * 2 ** (message.attempts - 1), 600) });
    }
  }
}

/** Threw on the queue's last try: the file fails, saying why, and its held bytes are freed. */
export async function giveUpImport(env: Env, body: ImportMessage, error: unknown): Promise<void> {
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (!file) return;
  await releaseHold(db, file.storageKey);
  await failProcessing(env, db, file.id, failedBecause(IMPORT_MESSAGES.failed, error));
  await db.update(audioFiles).set({ importUrl: null }).where(eq(audioFiles.id, file.id));
}
