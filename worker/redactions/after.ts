// What a redaction does outside the transcript room (decision 058): the file's exports made
// before it are deleted (their rows and stored files), and the workspace's activity log gets one
// entry per redaction — range, label, who, when; never the text. The media is queued for rewriting.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { audioFiles, exportsTable, type UserRow, workspaceActivity } from "../db/schema";
import { nowIso } from "../../common/time";
import { enqueueMediaRedaction, tellMediaState } from "./media-job";
import { exportKeysOfFiles } from "../exports/store";
import { activityRow } from "../workspaces/activity";
import type { RedactionDto } from "../../common/redactions";

/** D1 allows 100 bound parameters per statement; an activity row binds 6. */
const ACTIVITY_ROWS_PER_INSERT = 15;

export async function afterRedaction(
  env: Env,
  db: Db,
  file: { id: string; workspaceId: string; name: string },
  actor: Pick<UserRow, "id" | "fullName">,
  redactions: readonly RedactionDto[],
): Promise<void> {
  await deleteExportsOf(env, db, file.id);
  // The media is blocked until the job has rewritten it (or found it cannot).
  await db.update(audioFiles).set({ redactedAt: nowIso(), mediaRedaction: "pending" }).where(eq(audioFiles.id, file.id));
  await enqueueMediaRedaction(env, file.id, actor.id);
  await tellMediaState(env, file.workspaceId);
  const rows = redactions.map((r) =>
    activityRow(file.workspaceId, actor, "redaction", {
      file_id: file.id,
      file_name: file.name,
      label: r.label,
      start_time: String(r.start_time),
      end_time: String(r.end_time),
    }),
  );
  const statements = [];
  for (let i = 0; i < rows.length; i += ACTIVITY_ROWS_PER_INSERT)
    statements.push(db.insert(workspaceActivity).values(rows.slice(i, i + ACTIVITY_ROWS_PER_INSERT)));
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Every export of the file: made before the redaction, it may hold the words. */
async function deleteExportsOf(env: Env, db: Db, fileId: string): Promise<void> {
  const keys = await exportKeysOfFiles(db, [fileId]);
  for (let i = 0; i < keys.length; i += 1000) await env.MEDIA.delete(keys.slice(i, i + 1000));
  await db.delete(exportsTable).where(eq(exportsTable.audioFileId, fileId));
}
