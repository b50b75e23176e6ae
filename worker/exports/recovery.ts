// Exports a restart left behind: an export waiting or generating with no change for
// EXPORT_STUCK_AFTER_SECONDS (a consumer runs at most 15 minutes) lost its queue message. The
// recovery sweep (worker/transcription/recovery.ts) re-queues it a few times, as it does
// transcription jobs, then fails it with a reason so the user can retry it.
import { EXPORT_MESSAGES } from "../../common/exports";
import type { Db } from "../db/client";
import { enqueueExport } from "./job";
import { QUEUE_FAILED } from "./requests";
import { claimExportRequeue, EXPORT_STUCK_AFTER_SECONDS, failExport, stuckExports } from "./store";

/** Re-queues before a lost export fails. */
export const MAX_EXPORT_REQUEUES = 2;

export async function recoverExports(env: Env, db: Db, now: number): Promise<{ requeued: number; failed: number }> {
  const result = { requeued: 0, failed: 0 };
  const before = new Date(now - EXPORT_STUCK_AFTER_SECONDS * 1000).toISOString();
  for (const row of await stuckExports(db, before)) {
    if (row.requeues >= MAX_EXPORT_REQUEUES) {
      if (await failExport(db, row.id, EXPORT_MESSAGES.lost)) result.failed++;
      continue;
    }
    const claimed = await claimExportRequeue(db, row);
    if (!claimed) continue;
    try {
      await enqueueExport(env, claimed);
      result.requeued++;
    } catch (error) {
      console.error("Could not re-queue export", row.id, error);
      if (await failExport(db, row.id, QUEUE_FAILED)) result.failed++;
    }
  }
  return result;
}
