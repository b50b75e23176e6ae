// Invitations: an owner invites an e-mail address with a role; the e-mail carries a
// single-use link whose token is stored only as a hash, valid WORKSPACE_LIMITS.invitationDays.
// Accepting needs a signed-in account whose confirmed address is the invited one.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { randomToken } from "../../common/ids";
import { isoIn, nowIso } from "../../common/time";
import {
  INVITATION_ACCEPT_PATH,
  type InvitationDto,
  WORKSPACE_LIMITS,
  WORKSPACE_MESSAGES,
  type WorkspaceRole,
} from "../../common/workspaces";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { batch } from "../lib/d1-batch";
import {
  type InvitationRow,
  type UserRow,
  users,
  workspaceActivity,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { forbidden, notFound, tooManyRequests, unprocessable } from "../lib/errors";
import { sha256Hex } from "../lib/random";
import { claimOneSend, SEND_LIMITS } from "../lib/send-limits";
import type { Mailer } from "../mail/mailer";
import { invitationMessage } from "../mail/templates";
import { assertAllowed, findMembership, type Membership } from "./access";
import { activityIfChanged, activityRow } from "./activity";

/** 32 bytes from the CSPRNG (256 bits); only its hash is stored. */
const hashToken = (token: string) => sha256Hex(`invitation:${token}`);
const expiry = () => isoIn(WORKSPACE_LIMITS.invitationDays * 86_400);

export const toInvitationDto = (row: InvitationRow): InvitationDto => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt,
});

export interface Invitations {
  db: Db;
  config: Config;
  mailer: Mailer;
}

async function sendLink({ config, mailer }: Invitations, inviter: UserRow, workspaceName: string, row: InvitationRow, token: string) {
  const link = `${config.APP_URL}${INVITATION_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
  await mailer.send(
    invitationMessage(config.APP_NAME, row.email, { name: inviter.fullName, email: inviter.email }, workspaceName, row.role, link),
  );
}

/** Claims one invitation e-mail against the sender's and the workspace's hourly limits, or 429. */
async function claimInvitationMail(db: Db, inviter: UserRow, workspaceId: string) {
  const refused = await claimOneSend(db, SEND_LIMITS.invitationMail, inviter.id, workspaceId);
  if (refused === "scope") throw tooManyRequests(WORKSPACE_MESSAGES.tooManyInvitations);
  if (refused === "sender") throw tooManyRequests(WORKSPACE_MESSAGES.tooManyInvitationsBySender);
}

export async function createInvitation(
  deps: Invitations,
  inviter: UserRow,
  { workspace }: Membership,
  input: { email: string; role: WorkspaceRole },
): Promise<InvitationDto> {
  const { db } = deps;
  if (workspace.personalUserId !== null) throw unprocessable(WORKSPACE_MESSAGES.personalHasNoMembers);
  const member = await db
    .select({ id: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(users.email, input.email)))
    .get();
  if (member) throw unprocessable(WORKSPACE_MESSAGES.alreadyMember);
  await claimInvitationMail(db, inviter, workspace.id);
  const token = randomToken(32);
  const now = nowIso();
  const row: InvitationRow = {
    id: crypto.randomUUID(),
    workspaceId: workspace.id,
    email: input.email,
    role: input.role,
    tokenHash: await hashToken(token),
    invitedBy: inviter.id,
    expiresAt: expiry(),
    sentAt: now,
    createdAt: now,
  };
  const seats = sql`(SELECT count(*) FROM workspace_members WHERE workspace_id = ${workspace.id})
                  + (SELECT count(*) FROM workspace_invitations WHERE workspace_id = ${workspace.id} AND email <> ${input.email})`;
  // Inviting an address again replaces its pending invitation (new role, new link, new expiry).
  const [inserted] = await batch(db, [
    sql`INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, expires_at, sent_at, created_at)
               SELECT ${row.id}, ${row.workspaceId}, ${row.email}, ${row.role}, ${row.tokenHash}, ${row.invitedBy}, ${row.expiresAt}, ${now}, ${now}
               WHERE ${seats} < ${WORKSPACE_LIMITS.members}
               ON CONFLICT (workspace_id, email) DO UPDATE SET id = excluded.id, role = excluded.role, token_hash = excluded.token_hash,
                 invited_by = excluded.invited_by, expires_at = excluded.expires_at, sent_at = excluded.sent_at`,
    activityIfChanged(workspace.id, inviter, "invitation_sent", { email: row.email, role: row.role }),
  ]);
  if ((inserted?.meta.changes ?? 0) === 0) throw unprocessable(WORKSPACE_MESSAGES.tooManyMembers);
  await sendLink(deps, inviter, workspace.name, row, token);
  return toInvitationDto(row);
}

export async function listInvitations(db: Db, workspaceId: string): Promise<InvitationDto[]> {
  const rows = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), gt(workspaceInvitations.expiresAt, nowIso())))
    .orderBy(asc(workspaceInvitations.createdAt));
  return rows.map(toInvitationDto);
}

/** An invitation for an owner of its workspace to act on: 404 alike for a missing one and a non-member, 403 for another role. */
export async function invitationToManage(
  db: Db,
  userId: string,
  id: string,
): Promise<{ invitation: InvitationRow; membership: Membership }> {
  const invitation = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, id)).get();
  const membership = invitation && (await findMembership(db, userId, invitation.workspaceId));
  if (!invitation || !membership) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  return { invitation, membership: assertAllowed(membership, "manage") };
}

/** A new link and a new expiry; the older link stops working. */
export async function resendInvitation(deps: Invitations, inviter: UserRow, { workspace }: Membership, invitation: InvitationRow) {
  await claimInvitationMail(deps.db, inviter, workspace.id);
  const token = randomToken(32);
  const updated: InvitationRow = { ...invitation, tokenHash: await hashToken(token), expiresAt: expiry(), sentAt: nowIso() };
  await batch(deps.db, [
    deps.db
      .update(workspaceInvitations)
      .set({ tokenHash: updated.tokenHash, expiresAt: updated.expiresAt, sentAt: updated.sentAt, invitedBy: inviter.id })
      .where(eq(workspaceInvitations.id, invitation.id)),
    deps.db.insert(workspaceActivity).values(activityRow(workspace.id, inviter, "invitation_resent", { email: invitation.email })),
  ]);
  await sendLink(deps, inviter, workspace.name, updated, token);
  return toInvitationDto(updated);
}

export async function revokeInvitation(db: Db, actor: UserRow, invitation: InvitationRow): Promise<void> {
  await batch(db, [
    db.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id)),
    db
      .insert(workspaceActivity)
      .values(activityRow(invitation.workspaceId, actor, "invitation_revoked", { email: invitation.email, role: invitation.role })),
  ]);
}

/**
 * Accepts with the token from the e-mailed link: the caller joins with the invited role
 * (a member already keeps the higher of the two) and the invitation is used up.
 */
/** What an invitation's link shows before it is accepted: the workspace, who invited, the role. */
export async function previewInvitation(
  db: Db,
  token: string,
): Promise<{ workspace_name: string; invited_by: string | null; role: WorkspaceRole }> {
  const found = await db
    .select({ workspace: workspaces.name, inviter: users.fullName, role: workspaceInvitations.role })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.tokenHash, await hashToken(token)), gt(workspaceInvitations.expiresAt, nowIso())))
    .get();
  if (!found) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  return { workspace_name: found.workspace, invited_by: found.inviter ?? null, role: found.role };
}

export async function acceptInvitation(db: Db, user: UserRow, token: string): Promise<{ workspace_id: string; role: WorkspaceRole }> {
  const invitation = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.tokenHash, await hashToken(token)), gt(workspaceInvitations.expiresAt, nowIso())))
    .get();
  if (!invitation) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  if (invitation.email !== user.email.toLowerCase()) throw forbidden(WORKSPACE_MESSAGES.invitationOtherEmail);
  if (!user.emailConfirmedAt) throw forbidden(WORKSPACE_MESSAGES.invitationUnconfirmed);
  const now = nowIso();
  // Deleting first, in the batch, makes the token single-use even when two accepts race:
  // the second finds no row and joins nobody.
  const [deleted] = await batch(db, [
    sql`DELETE FROM workspace_invitations WHERE id = ${invitation.id} AND token_hash = ${invitation.tokenHash}`,
    sql`INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
               SELECT ${invitation.workspaceId}, ${user.id}, ${invitation.role}, ${now} WHERE changes() > 0
               ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = CASE
                 WHEN role = 'owner' OR excluded.role = 'owner' THEN 'owner'
                 WHEN role = 'editor' OR excluded.role = 'editor' THEN 'editor'
                 WHEN role = 'commenter' OR excluded.role = 'commenter' THEN 'commenter'
                 ELSE 'viewer' END`,
    activityIfChanged(invitation.workspaceId, user, "member_joined", { email: user.email, role: invitation.role }),
  ]);
  if ((deleted?.meta.changes ?? 0) === 0) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  const member = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, invitation.workspaceId), eq(workspaceMembers.userId, user.id)))
    .get();
  return { workspace_id: invitation.workspaceId, role: member?.role ?? invitation.role };
}
