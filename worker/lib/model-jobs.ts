// The skeleton every language-model job shares (summaries, chapters, translations): queued
// after its state is marked, or marked failed at once when the queue cannot take it; run against
// the file as it is now (it may have moved since); fed the transcript as lines of who said what.
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { audioFiles, transcripts } from "../db/schema";
import { readSpeakers, readUtterances } from "../transcripts/store";
import { ApiError } from "./errors";

/**
 * Sends a job whose state is already marked (generating, a pending run). A queue that refuses
 * never leaves that state behind with no job: `unmark` marks it failed, and the caller gets 503.
 */
export async function queueOrFail(
  job: { kind: string; fileId: string; failed: string },
  send: () => Promise<unknown>,
  unmark: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(`Could not queue the ${job.kind} of`, job.fileId, error);
    await unmark();
    throw new ApiError(503, job.failed);
  }
}

/** The file's transcript and workspace as they are now; undefined when either is gone. */
export const jobTarget = (env: Env, fileId: string) =>
  getDb(env.DB)
    .select({ audioFileId: transcripts.audioFileId, workspaceId: audioFiles.workspaceId })
    .from(transcripts)
    .innerJoin(audioFiles, eq(audioFiles.id, transcripts.audioFileId))
    .where(eq(transcripts.audioFileId, fileId))
    .get();

/** The transcript as a model reads it: each utterance's speaker by name, its start and its words. */
export async function transcriptLines(env: Env, fileId: string) {
  const [speakers, utterances] = await Promise.all([readSpeakers(env, fileId), readUtterances(env, fileId)]);
  const names = new Map(speakers.map((s) => [s.id, s.displayName]));
  const lines = utterances.map((u) => ({
    speaker: names.get(u.speakerId) ?? "Speaker",
    start: u.startTime,
    text: u.transcriptWords.map((w) => w.text).join(" "),
  }));
  return { utterances, lines };
}
