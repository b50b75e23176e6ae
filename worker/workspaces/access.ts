// The one place a member's role is checked (docs/decisions/036-workspaces.md).
import { and, eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { roleAllows, WORKSPACE_MESSAGES, type WorkspaceAction, type WorkspaceRole } from "../../common/workspaces";
import type { Db } from "../db/client";
import { LIBRARY_MESSAGES } from "../../common/library";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { COMMENT_MESSAGES } from "../../common/comments";
import { HIGHLIGHT_MESSAGES } from "../../common/highlights";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";
import {
  audioFiles,
  commentRefs,
  type FolderRow,
  highlightRefs,
  type WebhookRow,
  webhooks,
  folders,
  users,
  type WorkspaceRow,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { withTranscriptFlag } from "../library/audio-files";
import { forbidden, notFound } from "../lib/errors";

export interface Membership {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

/** Joins a row's workspace to the caller's membership of it: no member, no row. */
export const memberOf = (workspaceColumn: SQLiteColumn, userId: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceColumn), eq(workspaceMembers.userId, userId));

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

/**
 * The workspace a library call means: the one named, if the caller's role there allows the
 * action, else (none named) the caller's personal one, whose id is the caller's and which
 * the caller always owns, so it costs no read.
 */
export async function workspaceFor(db: Db, userId: string, requested: string | undefined, action: WorkspaceAction): Promise<string> {
  if (requested === undefined || requested === userId) return userId;
  await requireRole(db, userId, requested, action);
  return requested;
}

/**
 * A file with the caller's role in its workspace, in one read. A non-member gets the same 404
 * as for a file that does not exist (`missing` is that answer's text); a role without the
 * right gets 403.
 */
export async function fileFor(
  db: Db,
  userId: string,
  fileId: string,
  action: WorkspaceAction,
  missing: string = LIBRARY_MESSAGES.fileNotFound,
) {
  const row = await db
    .select({ ...withTranscriptFlag, role: workspaceMembers.role })
    .from(audioFiles)
    .innerJoin(workspaceMembers, memberOf(audioFiles.workspaceId, userId))
    .where(eq(audioFiles.id, fileId))
    .get();
  if (!row) throw notFound(missing);
  if (!roleAllows(row.role, action)) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  const { role: _role, ...file } = row;
  return file;
}

/**
 * The file's workspace, for the one call into its transcript room that follows, when the caller's
 * role in the file's workspace allows the action; 404 and 403 as `fileFor`.
 */
export async function transcriptAccessOf(db: Db, userId: string, fileId: string, action: WorkspaceAction): Promise<string> {
  return accessFrom((await fileAccessQuery(db, userId, fileId))[0], action);
}

/** The file's id once the caller may read its transcript (404 and 403 as `fileFor`). */
export async function readableFile(db: Db, userId: string, fileId: string): Promise<string> {
  await transcriptAccessOf(db, userId, fileId, "read");
  return fileId;
}

/**
 * A member's access to a file in one read: its workspace and the caller's role there,
 * and for an edit the file's name and workspace with whether a webhook there listens for
 * transcript.edited (then it is told).
 */
export function fileAccessQuery(db: Db, userId: string, fileId: string) {
  return db
    .select({
      workspaceId: audioFiles.workspaceId,
      name: audioFiles.name,
      role: workspaceMembers.role,
      hooked: sql<number>`EXISTS (SELECT 1 FROM webhooks w WHERE w.workspace_id = ${audioFiles.workspaceId} AND w.enabled
        AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = 'transcript.edited'))`,
    })
    .from(audioFiles)
    .innerJoin(workspaceMembers, memberOf(audioFiles.workspaceId, userId))
    .where(eq(audioFiles.id, fileId))
    .limit(1);
}

export type FileAccessRow = Awaited<ReturnType<typeof fileAccessQuery>>[number];

/** The file's workspace from `fileAccessQuery`'s row, when the caller's role allows the action; 404 and 403 as `fileFor`. */
export function accessFrom(row: FileAccessRow | undefined, action: WorkspaceAction): string {
  if (!row) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  if (!roleAllows(row.role, action)) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  return row.workspaceId;
}

/** An edit's target from `fileAccessQuery`'s row, when the caller's role allows editing; 404 and 403 as `fileFor`. */
export function editTargetFrom(row: FileAccessRow | undefined, fileId: string) {
  const workspaceId = accessFrom(row, "edit");
  const { name, hooked } = row as FileAccessRow;
  return { id: fileId, workspaceId, name, hooked: hooked === 1 };
}

/** A folder of a workspace where the caller's role allows the action; 404 as for a missing folder otherwise. */
export async function folderFor(db: Db, userId: string, folderId: string, action: WorkspaceAction): Promise<FolderRow> {
  const row = await db
    .select({ folder: folders, role: workspaceMembers.role })
    .from(folders)
    .innerJoin(workspaceMembers, memberOf(folders.workspaceId, userId))
    .where(eq(folders.id, folderId))
    .get();
  if (!row) throw notFound(LIBRARY_MESSAGES.folderNotFound);
  if (!roleAllows(row.role, action)) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  return row.folder;
}

/** The workspace of a folder the caller is a member of, or undefined (missing, or a stranger's). */
export async function folderWorkspaceOf(db: Db, userId: string, folderId: string): Promise<string | undefined> {
  const row = await db
    .select({ workspaceId: folders.workspaceId })
    .from(folders)
    .innerJoin(workspaceMembers, memberOf(folders.workspaceId, userId))
    .where(eq(folders.id, folderId))
    .get();
  return row?.workspaceId;
}

/**
 * What a member's file socket in the file's transcript room needs: the file's workspace and the
 * member's name for the others; 404 as for a missing file to anyone else.
 */
export async function fileRoomOf(db: Db, userId: string, fileId: string): Promise<{ workspaceId: string; name: string }> {
  const row = await db
    .select({ workspaceId: audioFiles.workspaceId, name: users.fullName })
    .from(audioFiles)
    .innerJoin(workspaceMembers, memberOf(audioFiles.workspaceId, userId))
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(audioFiles.id, fileId))
    .get();
  if (!row) throw notFound(LIBRARY_MESSAGES.fileNotFound);
  return row;
}

/** What a comment call needs: the file and its workspace, and the caller's role there. */
export interface CommentTarget {
  fileId: string;
  fileName: string;
  workspaceId: string;
  role: WorkspaceRole;
}

const commentTargetColumns = {
  fileId: audioFiles.id,
  fileName: audioFiles.name,
  workspaceId: audioFiles.workspaceId,
  role: workspaceMembers.role,
};

function allowedTarget(row: CommentTarget | undefined, action: WorkspaceAction, missing: string): CommentTarget {
  if (!row) throw notFound(missing);
  if (!roleAllows(row.role, action)) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  return row;
}

/** A file's comments, for a member whose role allows the action (404 and 403 as `fileFor`). */
export async function fileCommentsOf(db: Db, userId: string, fileId: string, action: WorkspaceAction): Promise<CommentTarget> {
  const row = await db
    .select(commentTargetColumns)
    .from(audioFiles)
    .innerJoin(workspaceMembers, memberOf(audioFiles.workspaceId, userId))
    .where(eq(audioFiles.id, fileId))
    .get();
  return allowedTarget(row, action, EDIT_MESSAGES.transcriptNotFound);
}

/** The file a comment's or highlight's reference row points at, for a member whose role allows the action. */
async function fileOfRef(
  db: Db,
  userId: string,
  ref: { table: typeof commentRefs | typeof highlightRefs; id: string; missing: string },
  action: WorkspaceAction,
): Promise<CommentTarget> {
  const row = await db
    .select(commentTargetColumns)
    .from(ref.table)
    .innerJoin(audioFiles, eq(audioFiles.id, ref.table.audioFileId))
    .innerJoin(workspaceMembers, memberOf(audioFiles.workspaceId, userId))
    .where(eq(ref.table.id, ref.id))
    .get();
  return allowedTarget(row, action, ref.missing);
}

/** The file of a comment or reply, as `fileCommentsOf`; a stranger's comment is a missing one. */
export const commentOf = (db: Db, userId: string, commentId: string, action: WorkspaceAction) =>
  fileOfRef(db, userId, { table: commentRefs, id: commentId, missing: COMMENT_MESSAGES.notFound }, action);

/** The file of a highlight, as `fileCommentsOf`; a stranger's highlight is a missing one. */
export const highlightOf = (db: Db, userId: string, highlightId: string, action: WorkspaceAction) =>
  fileOfRef(db, userId, { table: highlightRefs, id: highlightId, missing: HIGHLIGHT_MESSAGES.notFound }, action);

/** A webhook of a workspace the caller manages; a member without the right 403, anyone else the 404 of a missing one. */
export async function webhookFor(db: Db, userId: string, webhookId: string): Promise<WebhookRow> {
  const row = await db
    .select({ webhook: webhooks, role: workspaceMembers.role })
    .from(webhooks)
    .innerJoin(workspaceMembers, memberOf(webhooks.workspaceId, userId))
    .where(eq(webhooks.id, webhookId))
    .get();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  if (!roleAllows(row.role, "manage")) throw forbidden(WORKSPACE_MESSAGES.forbidden);
  return row.webhook;
}
