// A file's review status (draft, in review, approved): who set it and when, and the workspace's
// log entry, written together. The role check is the caller's (worker/workspaces/access.ts).
import { sql } from "drizzle-orm";
import type { ReviewStatus } from "../../common/comments";
import { nowIso } from "../../common/time";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { batch } from "../lib/d1-batch";
import { activityIfChanged } from "../workspaces/activity";
import { type AudioFileWithFlag, getAudioFileWithFlag } from "./audio-files";

/**
 * Sets the status; the same status again changes nothing (its setter and time stay, nothing is
 * logged). `changed` says whether the workspace's tabs should be told.
 */
export async function setReviewStatus(
  db: Db,
  actor: Pick<UserRow, "id" | "fullName">,
  file: AudioFileWithFlag,
  to: ReviewStatus,
): Promise<{ file: AudioFileWithFlag; changed: boolean }> {
  if (file.reviewStatus === to) return { file, changed: false };
  const now = nowIso();
  const [updated] = await batch(db, [
    // Guarded, so a concurrent request that set the same status first leaves no second entry.
    sql`UPDATE audio_files SET review_status = ${to}, reviewed_by = ${actor.id}, reviewed_at = ${now}, updated_at = ${now}
               WHERE id = ${file.id} AND review_status <> ${to}`,
    activityIfChanged(file.workspaceId, actor, "review_changed", { file_id: file.id, file_name: file.name, from: file.reviewStatus, to }),
  ]);
  if ((updated?.meta.changes ?? 0) === 0) return { file: await getAudioFileWithFlag(db, file.id), changed: false };
  return {
    file: { ...file, reviewStatus: to, reviewedBy: actor.id, reviewedAt: now, updatedAt: now, reviewerName: actor.fullName },
    changed: true,
  };
}
