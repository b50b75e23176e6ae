// E-mail about comments (decision 040): a person mentioned hears of it, and on a reply so does
// everyone in the thread; never the one who wrote it, never someone no longer in the workspace,
// and only if their preference allows. A mail that cannot be sent never fails the comment.
// Past the hourly limits, mails wait for the recipient's digest (digest.ts).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CommentPerson } from "../../common/comments";
import { preferencesOf } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users, workspaceMembers } from "../db/schema";
import { batch } from "../lib/d1-batch";
import { claimSend, pruneSendClaims, SEND_LIMITS } from "../lib/send-limits";
import { createMailer } from "../mail/mailer";
import { commentMessage } from "../mail/templates";

/** How much of a comment a digest quotes. */
const DIGEST_EXCERPT_LENGTH = 140;

export interface CommentNotice {
  kind: "mention" | "reply";
  actorId: string;
  actorName: string;
  workspaceId: string;
  fileId: string;
  fileName: string;
  threadId: string;
  body: string;
}

/** A link that opens the file with the thread shown. */
export const threadLink = (config: Config, fileId: string, threadId: string) =>
  `${config.APP_URL}/dashboard/file/${encodeURIComponent(fileId)}?comment=${encodeURIComponent(threadId)}`;

/** The part of a comment an e-mail about it quotes. */
const excerptOf = (body: string, length: number) => (body.length > length ? `${body.slice(0, length)}…` : body);

/** Keeps a held-back e-mail for the recipient's digest; runs right after its claim, and only when the claim took nothing. */
function holdBack(recipientId: string, n: CommentNotice, now: number) {
  return sql`INSERT INTO missed_comment_mails (id, recipient_id, workspace_id, audio_file_id, kind, actor_name, file_name, thread_id, excerpt, created_at)
    SELECT ${crypto.randomUUID()}, ${recipientId}, ${n.workspaceId}, ${n.fileId}, ${n.kind}, ${n.actorName}, ${n.fileName}, ${n.threadId},
           ${excerptOf(n.body, DIGEST_EXCERPT_LENGTH)}, ${new Date(now).toISOString()}
    WHERE changes() = 0`;
}

/**
 * Sends the notice to these people; answers how many mails went out. Each mail is claimed against
 * the actor's and the workspace's hourly limits (worker/lib/send-limits.ts) in one D1 batch; a mail
 * past either is kept for the recipient's digest (digest.ts) instead.
 */
export async function emailAboutComment(
  env: Env,
  config: Config,
  db: Db,
  people: readonly CommentPerson[],
  notice: CommentNotice,
): Promise<number> {
  const ids = [...new Set(people.map((p) => p.id))].filter((id) => id !== notice.actorId);
  if (!ids.length) return 0;
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, preferences: users.preferences })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, notice.workspaceId), inArray(workspaceMembers.userId, ids)))
    .all();
  const wanting = rows.filter((r) => preferencesOf(r).notifications.email_mentions);
  if (!wanting.length) return 0;
  const now = Date.now();
  const claims = await batch(db, [
    pruneSendClaims(now),
    ...wanting.flatMap((r) => [claimSend(SEND_LIMITS.commentMail, notice.actorId, notice.workspaceId, now), holdBack(r.id, notice, now)]),
  ]);
  const allowed = wanting.filter((_, i) => (claims[1 + 2 * i]?.meta.changes ?? 0) > 0);
  const mailer = createMailer(env, config, db);
  const link = threadLink(config, notice.fileId, notice.threadId);
  const sent = await Promise.allSettled(
    allowed.map((r) => mailer.send(commentMessage(config.APP_NAME, r.email, r.fullName, { ...notice, link }))),
  );
  for (const s of sent) if (s.status === "rejected") console.error("Could not send a comment e-mail", s.reason);
  return sent.filter((s) => s.status === "fulfilled").length;
}
