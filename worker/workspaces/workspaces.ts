// Workspaces themselves: the caller's list, a new team, rename, delete. A personal
// workspace (id = the account's id) is made with the account and ends with it.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { WORKSPACE_LIMITS, WORKSPACE_MESSAGES, type WorkspaceDto, type WorkspaceRole } from "../../common/workspaces";
import type { Db } from "../db/client";
import { batch } from "../lib/d1-batch";
import { audioFiles, type UserRow, type WorkspaceRow, workspaceActivity, workspaceMembers, workspaces } from "../db/schema";
import { deleteAudioFiles } from "../library/audio-files";
import { forbidden, unprocessable } from "../lib/errors";
import { nowIso } from "../../common/time";
import type { Membership } from "./access";
import { activityIfChanged, activityRow } from "./activity";

export const PERSONAL_NAME = "Personal";

export const toWorkspaceDto = (workspace: WorkspaceRow, role: WorkspaceRole): WorkspaceDto => ({
  id: workspace.id,
  name: workspace.name,
  role,
  personal: workspace.personalUserId !== null,
});

/** The statements that give a new account its personal workspace (in the account's batch). */
export function personalWorkspaceStatements(db: Db, user: Pick<UserRow, "id" | "createdAt">) {
  return [
    db.insert(workspaces).values({
      id: user.id,
      name: PERSONAL_NAME,
      personalUserId: user.id,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    }),
    db.insert(workspaceMembers).values({ workspaceId: user.id, userId: user.id, role: "owner", createdAt: user.createdAt }),
  ] as const;
}

/** Every workspace the caller belongs to: the personal one first, then by name. */
export async function listWorkspaces(db: Db, userId: string): Promise<WorkspaceDto[]> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.personalUserId} IS NULL`, asc(sql`${workspaces.name} COLLATE NOCASE`), asc(workspaces.id));
  return rows.map((row) => toWorkspaceDto(row.workspace, row.role));
}

/** A team workspace with the caller as its owner, within the number one account may own. */
export async function createWorkspace(db: Db, user: UserRow, name: string): Promise<WorkspaceDto> {
  const now = nowIso();
  const id = crypto.randomUUID();
  const owned = sql`(SELECT count(*) FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
                     WHERE m.user_id = ${user.id} AND m.role = 'owner' AND w.personal_user_id IS NULL)`;
  // One INSERT … SELECT, so two creations at once cannot both pass the limit.
  const [inserted] = await batch(db, [
    sql`INSERT INTO workspaces (id, name, personal_user_id, created_at, updated_at)
               SELECT ${id}, ${name}, NULL, ${now}, ${now} WHERE ${owned} < ${WORKSPACE_LIMITS.ownedTeams}`,
    sql`INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
               SELECT ${id}, ${user.id}, 'owner', ${now} WHERE EXISTS (SELECT 1 FROM workspaces WHERE id = ${id})`,
    activityIfChanged(id, user, "workspace_created", { name }),
  ]);
  if ((inserted?.meta.changes ?? 0) === 0) throw forbidden(WORKSPACE_MESSAGES.tooManyOwned);
  return { id, name, role: "owner", personal: false };
}

export async function renameWorkspace(db: Db, actor: UserRow, { workspace, role }: Membership, name: string): Promise<WorkspaceDto> {
  await batch(db, [
    db.update(workspaces).set({ name, updatedAt: nowIso() }).where(eq(workspaces.id, workspace.id)),
    db.insert(workspaceActivity).values(activityRow(workspace.id, actor, "workspace_renamed", { from: workspace.name, to: name })),
  ]);
  return toWorkspaceDto({ ...workspace, name }, role);
}

/**
 * Deletes a team workspace: first its files with their media, transcripts and exports (a failure
 * leaves the workspace to delete again), then, by cascade, folders, members, invitations and log.
 * A personal workspace lives as long as its account.
 */
export async function deleteWorkspace(env: Env, db: Db, { workspace }: Membership): Promise<void> {
  if (workspace.personalUserId !== null) throw unprocessable(WORKSPACE_MESSAGES.personalCannotBeDeleted);
  for (;;) {
    const files = await db.select().from(audioFiles).where(eq(audioFiles.workspaceId, workspace.id)).limit(200).all();
    if (files.length === 0) break;
    await deleteAudioFiles(env, db, files);
  }
  await db.delete(workspaces).where(and(eq(workspaces.id, workspace.id), isNull(workspaces.personalUserId)));
}
