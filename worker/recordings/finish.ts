// The end of a recording: a file in the recording's workspace, processing, with nothing stored
// yet; the recording job (job.ts) joins the chunks into it and hands it to transcription.
// Finishing again answers the same file (a retried request after a lost answer).
import { and, eq } from "drizzle-orm";
import { RECORDING_MESSAGES, recordingFileName, type RecordingType } from "../../common/recordings";
import type { TranscriptionOptions } from "../../common/transcription-options";
import { checkUpload, mediaTypeFor } from "../../common/upload-rules";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { type AudioFileRow, audioFiles, type RecordingRow, recordings } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";
import { type AudioFileWithFlag, withTranscriptFlag } from "../library/audio-files";
import { notifyFileStatus } from "../library/file-status";
import { claimNewFile } from "../library/quotas";
import { newFileRow, newStorageKey } from "../library/uploads";
import type { RecordingMessage } from "../queue-messages";
import { serviceConfiguration } from "../transcription/configuration";
import { chunksUpTo, unfinishedCheck } from "./store";

async function fileOf(db: Db, id: string): Promise<AudioFileWithFlag> {
  const file = await db.select(withTranscriptFlag).from(audioFiles).where(eq(audioFiles.id, id)).get();
  if (!file) throw notFound(RECORDING_MESSAGES.notFound);
  return file;
}

export async function finishRecording(
  env: Env,
  db: Db,
  config: Config,
  recording: RecordingRow,
  input: { chunkCount: number; name: string | undefined; options: TranscriptionOptions },
): Promise<{ file: AudioFileWithFlag; created: boolean }> {
  if (recording.audioFileId) return { file: await fileOf(db, recording.audioFileId), created: false };
  const chunks = await chunksUpTo(db, recording.id, input.chunkCount);
  if (chunks.missing !== null) throw unprocessable(RECORDING_MESSAGES.chunkMissing(chunks.missing));
  const name = recordingFileName(input.name ?? recording.name, recording.mimeType as RecordingType);
  const contentType = mediaTypeFor(name, recording.mimeType);
  const problem = checkUpload({ name, type: contentType, size: chunks.bytes }, serviceConfiguration(config));
  if (problem) throw unprocessable(problem);
  const row = newFileRow({
    workspaceId: recording.workspaceId,
    uploadedBy: recording.userId,
    folderId: recording.folderId,
    name,
    storageKey: newStorageKey(recording.userId, name),
    contentType,
    fileSize: 0,
    durationSeconds: null,
    options: input.options,
  });
  // The file, its transcription start and the recording's end in one batch, only while the
  // recording is unfinished and the workspace has room for a file and a transcription this hour
  // (its bytes are counted already, as chunks): two finishes at once make one file.
  const unfinished = unfinishedCheck(recording.id);
  try {
    await claimNewFile(db, config, row, {
      also: [unfinished],
      alongside: (made) => [
        db
          .update(recordings)
          .set({ audioFileId: row.id, chunkCount: input.chunkCount })
          .where(and(eq(recordings.id, recording.id), made)),
      ],
    });
  } catch (error) {
    if (error !== unfinished.refusal) throw error;
    const winner = await db.select({ id: recordings.audioFileId }).from(recordings).where(eq(recordings.id, recording.id)).get();
    if (!winner?.id) throw notFound(RECORDING_MESSAGES.notFound);
    return { file: await fileOf(db, winner.id), created: false };
  }
  await enqueueJoin(env, { id: recording.id, userId: recording.userId, audioFileId: row.id, chunkCount: input.chunkCount });
  await notifyFileStatus(env, db, row, false, RECORDING_MESSAGES.joining);
  return { file: { ...row, hasTranscript: false, reviewerName: null }, created: true };
}

async function enqueueJoin(env: Env, r: { id: string; userId: string; audioFileId: string; chunkCount: number }): Promise<void> {
  const message: RecordingMessage = {
    type: "recording",
    recording_id: r.id,
    audio_file_id: r.audioFileId,
    user_id: r.userId,
    chunk_count: r.chunkCount,
  };
  await env.RECORDING_QUEUE.send(message);
}

/**
 * A lost job's file, sent again by the recovery sweep: a recording not yet joined goes back to
 * its join (a transcription would find nothing stored). False for any other file.
 */
export async function requeueJoin(env: Env, db: Db, file: AudioFileRow): Promise<boolean> {
  if (file.fileSize > 0) return false;
  const recording = await db.select().from(recordings).where(eq(recordings.audioFileId, file.id)).get();
  if (!recording?.chunkCount) return false;
  await enqueueJoin(env, { id: recording.id, userId: recording.userId, audioFileId: file.id, chunkCount: recording.chunkCount });
  return true;
}
