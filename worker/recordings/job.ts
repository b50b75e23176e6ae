// Joining a finished recording: its chunks, read in order as one stream (joined-chunks.ts), are
// written into the file's storage key in parts (the link import's stream-to-storage.ts), the
// chunks are removed, and the file goes to transcription like an upload. Redelivery safe: a file
// joined already goes straight on; a chunk lost from storage fails the file once with the reason.
import { eq } from "drizzle-orm";
import { RECORDING_MESSAGES } from "../../common/recordings";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { audioFiles } from "../db/schema";
import { streamToStorage, TooLarge } from "../imports/stream-to-storage";
import { failProcessing, notifyFileStatus, recordAttempt } from "../library/file-status";
import { failedBecause } from "../lib/job-failure";
import { maxAttempts, QUEUES, type RecordingMessage } from "../queue-messages";
import { serviceConfiguration } from "../transcription/configuration";
import { enqueueTranscription } from "../transcription/job";
import { ChunkMissing, joinedChunks } from "./joined-chunks";
import { removeChunks } from "./store";

const MAX_ATTEMPTS = maxAttempts(QUEUES.recording);

export async function runRecordingJob(message: Message<unknown>, body: RecordingMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, body.audio_file_id)).get();
  if (file?.status !== "processing") {
    // Deleted, or failed meanwhile: the chunks are of no more use.
    await removeChunks(db, env.MEDIA, body.recording_id);
    message.ack();
    return;
  }
  if (file.fileSize > 0) {
    // Joined by an earlier delivery that stopped before handing it on.
    await removeChunks(db, env.MEDIA, body.recording_id);
    await enqueueTranscription(env, file);
    message.ack();
    return;
  }
  await recordAttempt(db, file.id, message.attempts);
  const max = serviceConfiguration(getConfig(env)).file_constraints.max_file_size;
  let size: number;
  try {
    size = await streamToStorage(
      env.MEDIA,
      file.storageKey,
      joinedChunks(env.MEDIA, body.recording_id, body.chunk_count),
      file.contentType,
      max,
    );
  } catch (error) {
    const permanent = error instanceof ChunkMissing || error instanceof TooLarge;
    if (permanent || message.attempts >= MAX_ATTEMPTS) {
      const reason =
        error instanceof ChunkMissing
          ? RECORDING_MESSAGES.chunkMissing(error.n)
          : error instanceof TooLarge
            ? RECORDING_MESSAGES.tooLong(Math.round(max / 1024 ** 2))
            : RECORDING_MESSAGES.joinFailed;
      await failProcessing(env, db, file.id, reason);
      await removeChunks(db, env.MEDIA, body.recording_id);
      message.ack();
    } else {
      message.retry({ delaySeconds: Math.min(30 * 2 ** (message.attempts - 1), 600) });
    }
    return;
  }
  const joined = await db
    .update(audioFiles)
    .set({ fileSize: size, updatedAt: new Date().toISOString() })
    .where(eq(audioFiles.id, file.id))
    .returning()
    .get();
  await removeChunks(db, env.MEDIA, body.recording_id);
  if (!joined) {
    await env.MEDIA.delete(file.storageKey); // deleted while it was joined
    message.ack();
    return;
  }
  await notifyFileStatus(env, db, joined, false, RECORDING_MESSAGES.joined);
  await enqueueTranscription(env, joined);
  message.ack();
}

/** Threw on the queue's last try: the file fails, saying why, and its chunks go. */
export async function giveUpRecording(env: Env, body: RecordingMessage, error: unknown): Promise<void> {
  const db = getDb(env.DB);
  await failProcessing(env, db, body.audio_file_id, failedBecause(RECORDING_MESSAGES.joinFailed, error));
  await removeChunks(db, env.MEDIA, body.recording_id);
}
