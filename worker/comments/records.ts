// D1's side of comments (decision 040): which file each comment id belongs to (so /comments/{id}
// finds its store), and whom each thread mentions (the "mentions me" list). Written after the
// store's change, in one batch.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { COMMENT_MESSAGES, type CommentPerson, type MentionDto } from "../../common/comments";
import { nowIso } from "../../common/time";
import type { Db } from "../db/client";
import { audioFiles, commentMentions, commentRefs, users, workspaceMembers } from "../db/schema";
import { batch } from "../lib/d1-batch";
import { unprocessable } from "../lib/errors";

/** The people named in `mentions`, each a member of the workspace; 422 if one is not. */
export async function mentionedMembers(db: Db, workspaceId: string, ids: readonly string[]): Promise<CommentPerson[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, full_name: users.fullName })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [...ids])))
    .all();
  if (rows.length !== ids.length) throw unprocessable(COMMENT_MESSAGES.mentionNotMember);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

const mentionRows = (threadId: string, fileId: string, people: readonly CommentPerson[], authorId: string, resolved: boolean) =>
  people.filter((p) => p.id !== authorId).map((p) => ({ threadId, userId: p.id, audioFileId: fileId, resolved, createdAt: nowIso() }));

/** A new thread or reply: its reference, and the people it mentions on its thread. */
export async function recordComment(
  db: Db,
  c: { id: string; fileId: string; threadId: string | null; mentions: readonly CommentPerson[]; authorId: string; resolved: boolean },
): Promise<void> {
  const thread = c.threadId ?? c.id;
  const rows = mentionRows(thread, c.fileId, c.mentions, c.authorId, c.resolved);
  await batch(db, [
    db.insert(commentRefs).values({ id: c.id, audioFileId: c.fileId, threadId: c.threadId }),
    ...(rows.length ? [db.insert(commentMentions).values(rows).onConflictDoNothing()] : []),
  ]);
}

/** A body changed (new people may be mentioned) and/or the thread resolved or reopened. */
export async function recordUpdate(
  db: Db,
  c: { threadId: string; fileId: string; mentions: readonly CommentPerson[]; authorId: string; resolved: boolean },
): Promise<void> {
  const rows = mentionRows(c.threadId, c.fileId, c.mentions, c.authorId, c.resolved);
  await batch(db, [
    ...(rows.length ? [db.insert(commentMentions).values(rows).onConflictDoNothing()] : []),
    db.update(commentMentions).set({ resolved: c.resolved }).where(eq(commentMentions.threadId, c.threadId)),
  ]);
}

/** A deleted comment's reference (a thread's takes its replies' and its mentions with it). */
export async function forgetComment(db: Db, id: string): Promise<void> {
  await db.delete(commentRefs).where(eq(commentRefs.id, id));
}

export const MENTIONS_PAGE = 100;

/** Unresolved threads mentioning the user, on files of workspaces they still belong to, newest first. */
export async function openMentions(db: Db, userId: string): Promise<{ data: MentionDto[]; total: number }> {
  const open = and(eq(commentMentions.userId, userId), eq(commentMentions.resolved, false));
  const from = () =>
    db
      .select({
        comment_id: commentMentions.threadId,
        audio_file_id: commentMentions.audioFileId,
        workspace_id: audioFiles.workspaceId,
        file_name: audioFiles.name,
        created_at: commentMentions.createdAt,
        total: sql<number>`count(*) over ()`,
      })
      .from(commentMentions)
      .innerJoin(audioFiles, eq(audioFiles.id, commentMentions.audioFileId))
      .innerJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, audioFiles.workspaceId), eq(workspaceMembers.userId, commentMentions.userId)),
      );
  const rows = await from().where(open).orderBy(desc(commentMentions.createdAt)).limit(MENTIONS_PAGE).all();
  return { data: rows.map(({ total: _t, ...row }) => row), total: rows[0]?.total ?? 0 };
}
