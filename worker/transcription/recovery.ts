// The recovery sweep: run by the cron trigger when deployed and on a timer by the
// local stack (`npm start` calls POST /api/v1/dev/sweep), the same code either way.
// A transcription run is a workflow instance that keeps its own state and retries
// (decision 044); the sweep handles only what the engine cannot tell: a processing file
// silent past the bound whose run has no instance (its queue message was lost: a crash,
// a failed send) is re-queued (a recording not yet joined goes back to its join, a link not yet
// fetched to its import), and after
// a few tries failed with the reason; one whose instance ended without finishing the file is
// failed. So is an export left waiting or generating (exports/recovery.ts). Uploads handed
// out but never confirmed are removed after a day, uploads in parts past their validity are
// aborted, and recordings left unfinished as long are removed with their chunks.
import { and, eq, lt } from "drizzle-orm";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { type AudioFileRow, audioFiles, pendingUploads } from "../db/schema";
import { recoverExports } from "../exports/recovery";
import { claimRequeue, failProcessing, isJobLost } from "../library/file-status";
import { requeueImport } from "../imports/job";
import { removeExpiredMultipartUploads } from "../library/multipart";
import { requeueJoin } from "../recordings/finish";
import { removeOldRecordings } from "../recordings/store";
import { enqueueTranscription } from "./job";
import { instanceIdOf, runOf } from "./run-key";

/** Re-queues before a lost job fails the file. */
export const MAX_REQUEUES = 2;
export const UNCONFIRMED_UPLOAD_TTL_SECONDS = 24 * 3600;
export const LOST_JOB_REASON = "Transcription did not finish: its job was lost and could not be restarted. Please try again.";

export interface SweepResult {
  requeued: number;
  failed: number;
  uploadsRemoved: number;
  /** Uploads in parts past their validity (open ones aborted in storage). */
  partUploadsRemoved: number;
  /** Recordings left unfinished past a day (their chunks removed from storage). */
  recordingsRemoved: number;
  /** Exports whose messages were lost, sent again, and failed after the last try. */
  exportsRequeued: number;
  exportsFailed: number;
}

export async function sweep(env: Env, now = Date.now()): Promise<SweepResult> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const result: SweepResult = {
    requeued: 0,
    failed: 0,
    uploadsRemoved: 0,
    partUploadsRemoved: 0,
    recordingsRemoved: 0,
    exportsRequeued: 0,
    exportsFailed: 0,
  };
  const cutoff = new Date(now - config.JOB_LOST_AFTER_SECONDS * 1000).toISOString();
  const candidates = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.status, "processing"), lt(audioFiles.processingStartedAt, cutoff)))
    .limit(200)
    .all();
  for (const file of candidates) {
    if (!isJobLost(file, config.JOB_LOST_AFTER_SECONDS, now)) continue;
    const instance = await instanceOf(env, file);
    const state = instance ? await runState(instance) : "missing";
    if (state === "ended") {
      if (await failProcessing(env, db, file.id, LOST_JOB_REASON)) result.failed++;
    } else if (file.jobRequeues < MAX_REQUEUES) {
      const claimed = await claimRequeue(db, file);
      if (!claimed) continue;
      // Silent past the bound while the engine calls it running: its execution was lost (an
      // app killed mid-run locally leaves it so); it starts over from its first step.
      if (instance && state === "alive") await instance.restart();
      else if (!(await requeueJoin(env, db, claimed)) && !(await requeueImport(env, claimed))) await enqueueTranscription(env, claimed);
      result.requeued++;
    } else if (await failProcessing(env, db, file.id, LOST_JOB_REASON, file.jobRequeues)) {
      await instance?.terminate().catch(() => undefined);
      result.failed++;
    }
  }
  result.uploadsRemoved = await removeUnconfirmedUploads(env, now);
  result.partUploadsRemoved = await removeExpiredMultipartUploads(db, env.MEDIA, now);
  result.recordingsRemoved = await removeOldRecordings(db, env.MEDIA, now);
  const exports = await recoverExports(env, db, now);
  result.exportsRequeued = exports.requeued;
  result.exportsFailed = exports.failed;
  return result;
}

const instanceOf = (env: Env, file: AudioFileRow): Promise<WorkflowInstance | null> =>
  env.TRANSCRIPTION_WORKFLOW.get(instanceIdOf({ fileId: file.id, run: runOf(file) })).catch(() => null);

/** What the engine says of the file's current run: still going (or paused), or ended. */
async function runState(instance: WorkflowInstance): Promise<"alive" | "ended"> {
  const { status } = await instance.status();
  return status === "complete" || status === "errored" || status === "terminated" ? "ended" : "alive";
}

async function removeUnconfirmedUploads(env: Env, now: number): Promise<number> {
  const db = getDb(env.DB);
  const before = new Date(now - UNCONFIRMED_UPLOAD_TTL_SECONDS * 1000).toISOString();
  const stale = await db.select().from(pendingUploads).where(lt(pendingUploads.createdAt, before)).limit(500).all();
  if (stale.length === 0) return 0;
  const keys = stale.map((r) => r.storageKey);
  // A key that became a file meanwhile keeps its object.
  const confirmed = new Set(
    (
      await Promise.all(
        keys.map((k) => db.select({ key: audioFiles.storageKey }).from(audioFiles).where(eq(audioFiles.storageKey, k)).get()),
      )
    )
      .filter((r): r is { key: string } => !!r)
      .map((r) => r.key),
  );
  const orphans = keys.filter((k) => !confirmed.has(k));
  if (orphans.length) await env.MEDIA.delete(orphans);
  for (const key of keys) await db.delete(pendingUploads).where(eq(pendingUploads.storageKey, key));
  return orphans.length;
}
