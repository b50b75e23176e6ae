// The one place a member's role is checked (docs/decisions/036-workspaces.md).
import { and, eq } from "drizzle-orm";
import { roleAllows, WORKSPACE_MESSAGES, type WorkspaceAction, type WorkspaceRole } from "../../common/workspaces";
import type { Db } from "../db/client";
import { type WorkspaceRow, workspaceMembers, workspaces } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

export interface Membership {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

/** The caller's membership, undefined for a non-member. */
export async function findMembership(db: Db, userId: string, workspaceId: string): Promise<Membership | undefined> {
  return db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .get();
}

/** The caller's membership, or 404 exactly as for a workspace that does not exist. */
export async function membershipOf(db: Db, userId: string, workspaceId: string): Promise<Membership> {
  const membership = await findMembership(db, userId, workspaceId);
  if (!membership) throw notFound(WORKSPACE_MESSAGES.notFound);
  return membership;
}

/** 403 unless the role allows the action. */
export function assertAllowed(membership: Membership, action: WorkspaceAction): Membership {
  if (!roleAllows(membership.role, action)) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  return membership;
}

/** A member whose role allows the action; 404 for a non-member, 403 for a role without the right. */
export async function requireRole(db: Db, userId: string, workspaceId: string, action: WorkspaceAction): Promise<Membership> {
  return assertAllowed(await membershipOf(db, userId, workspaceId), action);
}
