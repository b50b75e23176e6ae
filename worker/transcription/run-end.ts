// Ending a transcription run from outside it: a cancel, a newer run, or the file deleted. The
// transcript store hears first (a store call of the run writes nothing after that, even one whose
// step checked the file just before), then the file's status changes (every step of the run checks
// it), then its workflow instance is terminated and the pieces it stored are removed.
import { LIBRARY_MESSAGES } from "../../common/library";
import type { Db } from "../db/client";
import type { AudioFileRow } from "../db/schema";
import { conflict } from "../lib/errors";
import { failProcessing } from "../library/file-status";
import { endStoredRun } from "../transcripts/store";
import { instanceIdOf, piecesPrefixOf, type RunParams, runOf } from "./run-key";

/** Terminates the run's instance if it is still going (one already finished, or never started, is fine). */
export async function terminateRun(env: Env, params: RunParams): Promise<void> {
  const instance = await env.TRANSCRIPTION_WORKFLOW.get(instanceIdOf(params)).catch(() => null);
  if (!instance) return;
  try {
    const { status } = await instance.status();
    if (!["complete", "errored", "terminated"].includes(status)) await instance.terminate();
  } catch (error) {
    console.warn(`Could not end transcription run ${instanceIdOf(params)}`, error);
  }
}

/** Every piece any run of the file stored and did not remove (a run removes its own when it ends). */
export async function removePieces(env: Env, fileId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: piecesPrefixOf(fileId), cursor });
    if (page.objects.length) await env.MEDIA.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Ends the file's running transcription, if any, before the file goes. */
export async function endRunOf(env: Env, file: AudioFileRow): Promise<void> {
  if (file.status !== "processing") return;
  await endStoredRun(env, file, runOf(file));
  await terminateRun(env, { fileId: file.id, run: runOf(file) });
  await removePieces(env, file.id);
}

/**
 * The user stops a running transcription: the file keeps its media (and any transcript it had)
 * and fails with "Cancelled", so "Transcribe again" starts a new run. 409 when it is not processing.
 */
export async function cancelTranscription(env: Env, db: Db, file: AudioFileRow): Promise<AudioFileRow> {
  if (file.status !== "processing") throw conflict(LIBRARY_MESSAGES.notProcessing);
  // Its recognition is stored already: the file is ready in a moment, there is nothing left to cancel.
  if ((await endStoredRun(env, file, runOf(file))) === "stored") throw conflict(LIBRARY_MESSAGES.notProcessing);
  const failed = await failProcessing(env, db, file.id, LIBRARY_MESSAGES.cancelled);
  if (!failed) throw conflict(LIBRARY_MESSAGES.notProcessing); // it finished meanwhile
  await terminateRun(env, { fileId: file.id, run: runOf(file) });
  await removePieces(env, file.id);
  return failed;
}
