// The workspace's activity log: membership, invitations and (later) deletes, moves and
// share links, with who and when; read by owners, kept WORKSPACE_LIMITS.activityDays.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { type ActivityDto, type ActivityKind, WORKSPACE_LIMITS } from "../../common/workspaces";
import type { Db } from "../db/client";
import { type UserRow, workspaceActivity } from "../db/schema";
import { isoIn, nowIso } from "../../common/time";

/** The row to insert (in the caller's batch, so the log and the change land together). */
export function activityRow(
  workspaceId: string,
  actor: Pick<UserRow, "id" | "fullName">,
  kind: ActivityKind,
  detail: Record<string, string>,
) {
  return {
    workspaceId,
    actorId: actor.id,
    actorName: actor.fullName,
    kind,
    detail: JSON.stringify(detail),
    createdAt: nowIso(),
  };
}

export async function listActivity(db: Db, workspaceId: string, before?: number): Promise<ActivityDto[]> {
  const rows = await db
    .select()
    .from(workspaceActivity)
    .where(and(eq(workspaceActivity.workspaceId, workspaceId), before ? lt(workspaceActivity.id, before) : undefined))
    .orderBy(desc(workspaceActivity.id))
    .limit(WORKSPACE_LIMITS.activityPage);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ActivityKind,
    actor: { id: row.actorId, name: row.actorName },
    detail: JSON.parse(row.detail) as Record<string, string>,
    created_at: row.createdAt,
  }));
}

/** The cron's part: entries older than the kept window. */
export async function purgeOldActivity(db: Db): Promise<number> {
  const cutoff = isoIn(-WORKSPACE_LIMITS.activityDays * 86_400);
  const result = await db.delete(workspaceActivity).where(lt(workspaceActivity.createdAt, cutoff));
  return result.meta.changes ?? 0;
}

/** The same entry as a statement that writes only when the batch's previous statement changed a row. */
export function activityIfChanged(
  workspaceId: string,
  actor: Pick<UserRow, "id" | "fullName">,
  kind: ActivityKind,
  detail: Record<string, string>,
) {
  const row = activityRow(workspaceId, actor, kind, detail);
  return sql`INSERT INTO workspace_activity (workspace_id, actor_id, actor_name, kind, detail, created_at)
                    SELECT ${row.workspaceId}, ${row.actorId}, ${row.actorName}, ${row.kind}, ${row.detail}, ${row.createdAt}
                    WHERE changes() > 0`;
}
