// The digest of comment e-mails held back by the hourly limits (notify.ts): once the oldest one a
// person missed is an hour old, the periodic sweep sends them all in one e-mail and forgets them,
// so a person gets at most one digest an hour. Only items from workspaces they are still in, and
// only while they want e-mails about comments; the app's mentions list has every open one anyway.
import { and, eq, inArray, sql } from "drizzle-orm";
import { preferencesOf } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users, workspaceMembers } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { commentDigestMessage } from "../mail/templates";
import { threadLink } from "./notify";

/** A digest goes once the oldest e-mail it holds waited this long (the limits' window). */
const DIGEST_AFTER_SECONDS = 3600;
/** Items listed in one digest; the rest are counted. */
const DIGEST_ITEMS = 20;
/** Recipients per sweep; the others wait for the next one. */
const RECIPIENTS_PER_RUN = 100;

interface MissedRow {
  workspace_id: string;
  audio_file_id: string;
  kind: "mention" | "reply";
  actor_name: string;
  file_name: string;
  thread_id: string;
  excerpt: string;
  created_at: string;
}

/** Sends the digests that are due; answers how many went out. */
export async function sendCommentDigests(env: Env, config: Config, db: Db, now = Date.now()): Promise<number> {
  const due = await db.all<{ recipient_id: string }>(
    sql`SELECT DISTINCT recipient_id FROM missed_comment_mails
        WHERE created_at <= ${new Date(now - DIGEST_AFTER_SECONDS * 1000).toISOString()} LIMIT ${RECIPIENTS_PER_RUN}`,
  );
  const mailer = createMailer(env, config, db);
  let sent = 0;
  for (const { recipient_id: recipientId } of due) {
    // Taken out before sending: two sweeps at once cannot send one item twice.
    const missed = (await db.all<MissedRow>(sql`DELETE FROM missed_comment_mails WHERE recipient_id = ${recipientId} RETURNING *`)).sort(
      (a, b) => a.created_at.localeCompare(b.created_at),
    );
    const recipient = await db.select().from(users).where(eq(users.id, recipientId)).get();
    if (!recipient || !preferencesOf(recipient).notifications.email_mentions) continue;
    const workspaceIds = [...new Set(missed.map((m) => m.workspace_id))];
    const memberOf = new Set(
      (
        await db
          .select({ id: workspaceMembers.workspaceId })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.userId, recipientId), inArray(workspaceMembers.workspaceId, workspaceIds)))
          .all()
      ).map((r) => r.id),
    );
    const kept = missed.filter((m) => memberOf.has(m.workspace_id));
    if (!kept.length) continue;
    const listed = kept.slice(0, DIGEST_ITEMS).map((m) => ({
      kind: m.kind,
      actorName: m.actor_name,
      fileName: m.file_name,
      excerpt: m.excerpt,
      link: threadLink(config, m.audio_file_id, m.thread_id),
    }));
    try {
      await mailer.send(commentDigestMessage(config.APP_NAME, recipient.email, recipient.fullName, listed, kept.length - listed.length));
      sent++;
    } catch (error) {
      console.error("Could not send a comment digest", error);
    }
  }
  return sent;
}
