// E-mail about comments (decision 040): a person mentioned hears of it, and on a reply so does
// everyone in the thread; never the one who wrote it, never someone no longer in the workspace,
// and only if their preference allows. A mail that cannot be sent never fails the comment.
import { and, eq, inArray } from "drizzle-orm";
import type { CommentPerson } from "../../common/comments";
import { preferencesOf } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users, workspaceMembers } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { commentMessage } from "../mail/templates";

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

/** Sends the notice to these people; answers how many mails went out. */
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
    .select({ email: users.email, fullName: users.fullName, preferences: users.preferences })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, notice.workspaceId), inArray(workspaceMembers.userId, ids)))
    .all();
  const mailer = createMailer(env, config, db);
  const link = threadLink(config, notice.fileId, notice.threadId);
  const wanting = rows.filter((r) => preferencesOf(r).notifications.email_mentions);
  const sent = await Promise.allSettled(
    wanting.map((r) => mailer.send(commentMessage(config.APP_NAME, r.email, r.fullName, { ...notice, link }))),
  );
  for (const s of sent) if (s.status === "rejected") console.error("Could not send a comment e-mail", s.reason);
  return sent.filter((s) => s.status === "fulfilled").length;
}
