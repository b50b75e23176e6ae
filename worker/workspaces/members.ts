// Members of a workspace: the list, a role change and a removal, each keeping at
// least one owner (checked in the same statement that changes the row, so two
// owners demoting each other at once cannot leave none).
import { and, asc, eq, sql } from "drizzle-orm";
import { type MemberDto, WORKSPACE_MESSAGES, type WorkspaceRole } from "../../common/workspaces";
import type { Db } from "../db/client";
import { batch } from "../lib/d1-batch";
import { type UserRow, users, workspaceMembers } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";
import type { Membership } from "./access";
import { activityIfChanged } from "./activity";

export async function listMembers(db: Db, workspaceId: string): Promise<MemberDto[]> {
  const rows = await db
    .select({ user_id: users.id, email: users.email, full_name: users.fullName, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(sql`${users.fullName} COLLATE NOCASE`), asc(users.email));
  return rows;
}

async function memberOf(db: Db, workspaceId: string, userId: string) {
  const row = await db
    .select({ role: workspaceMembers.role, email: users.email, fullName: users.fullName })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .get();
  if (!row) throw notFound(WORKSPACE_MESSAGES.memberNotFound);
  return row;
}

/** True when the member is not an owner or another owner remains (SQL, evaluated with the change). */
const anotherOwnerRemains = (workspaceId: string, userId: string) => sql`(
  role <> 'owner' OR (SELECT count(*) FROM workspace_members
                      WHERE workspace_id = ${workspaceId} AND role = 'owner' AND user_id <> ${userId}) > 0)`;

export async function changeRole(db: Db, actor: UserRow, { workspace }: Membership, userId: string, role: WorkspaceRole) {
  const member = await memberOf(db, workspace.id, userId);
  const dto: MemberDto = { user_id: userId, email: member.email, full_name: member.fullName, role };
  if (member.role === role) return dto;
  const keepsOwner = role === "owner" ? sql`1` : anotherOwnerRemains(workspace.id, userId);
  const [updated] = await batch(db, [
    sql`UPDATE workspace_members SET role = ${role}
               WHERE workspace_id = ${workspace.id} AND user_id = ${userId} AND ${keepsOwner}`,
    activityIfChanged(workspace.id, actor, "member_role_changed", { email: member.email, from: member.role, to: role }),
  ]);
  if ((updated?.meta.changes ?? 0) === 0) throw unprocessable(WORKSPACE_MESSAGES.lastOwner);
  return dto;
}

/** Removes a member (an owner's act) or the caller themself (leaving). */
export async function removeMember(db: Db, actor: UserRow, { workspace }: Membership, userId: string): Promise<void> {
  if (workspace.personalUserId !== null) throw unprocessable(WORKSPACE_MESSAGES.personalHasNoMembers);
  const member = await memberOf(db, workspace.id, userId);
  const leaving = userId === actor.id;
  const [deleted] = await batch(db, [
    sql`DELETE FROM workspace_members
               WHERE workspace_id = ${workspace.id} AND user_id = ${userId} AND ${anotherOwnerRemains(workspace.id, userId)}`,
    activityIfChanged(workspace.id, actor, leaving ? "member_left" : "member_removed", { email: member.email, role: member.role }),
  ]);
  if ((deleted?.meta.changes ?? 0) === 0) throw unprocessable(WORKSPACE_MESSAGES.lastOwner);
}
