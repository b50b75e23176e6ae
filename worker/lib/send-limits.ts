// Limits on what a person's actions send to others: comment e-mails, invitation e-mails and
// webhook test events, each counted per sender and per scope (the workspace, or the webhook)
// over a sliding window in D1 (`send_claims`, migrations/0039). A send is claimed by one
// INSERT … SELECT … WHERE both counts are under their limits: D1 runs each statement alone, so
// parallel requests, in any isolate, cannot pass a limit together. `meta.changes` says whether
// the row went in.
import { type SQL, sql } from "drizzle-orm";
import { WORKSPACE_LIMITS } from "../../common/workspaces";
import type { Db } from "../db/client";
import { batch } from "./d1-batch";

export interface SendLimit {
  kind: string;
  perSender: number;
  perScope: number;
  windowSeconds: number;
}

export const SEND_LIMITS = {
  /** Mention and reply e-mails a person's comments cause, and per workspace; past them, a digest later. */
  commentMail: { kind: "comment_mail", perSender: 20, perScope: 50, windowSeconds: 3600 },
  /** Invitation e-mails (new or resent) a person sends, and per workspace. */
  invitationMail: {
    kind: "invitation_mail",
    perSender: WORKSPACE_LIMITS.invitationsPerSenderPerHour,
    perScope: WORKSPACE_LIMITS.invitationsPerHour,
    windowSeconds: 3600,
  },
  /** Test events a person asks for, and per webhook. */
  webhookTest: { kind: "webhook_test", perSender: 10, perScope: 5, windowSeconds: 60 },
} as const satisfies Record<string, SendLimit>;

/** The longest window: older rows count for nothing. */
const KEPT_SECONDS = 3600;

const isoAgo = (now: number, seconds: number) => new Date(now - seconds * 1000).toISOString();

/** Deletes rows no window counts any more (an indexed range, usually empty). */
export const pruneSendClaims = (now = Date.now()): SQL => sql`DELETE FROM send_claims WHERE created_at < ${isoAgo(now, KEPT_SECONDS)}`;

/** One send, claimed only while the sender's and the scope's counts are both under their limits. */
export function claimSend(limit: SendLimit, senderId: string, scopeId: string, now = Date.now()): SQL {
  const since = isoAgo(now, limit.windowSeconds);
  return sql`INSERT INTO send_claims (kind, sender_id, scope_id, created_at)
    SELECT ${limit.kind}, ${senderId}, ${scopeId}, ${new Date(now).toISOString()}
    WHERE (SELECT count(*) FROM send_claims WHERE kind = ${limit.kind} AND sender_id = ${senderId} AND created_at > ${since}) < ${limit.perSender}
      AND (SELECT count(*) FROM send_claims WHERE kind = ${limit.kind} AND scope_id = ${scopeId} AND created_at > ${since}) < ${limit.perScope}`;
}

type Refusal = "sender" | "scope";

/** Claims one send: null when it may go, else which limit refused it (read after the refusal, for its message only). */
export async function claimOneSend(db: Db, limit: SendLimit, senderId: string, scopeId: string): Promise<Refusal | null> {
  const now = Date.now();
  const [, claimed] = await batch(db, [pruneSendClaims(now), claimSend(limit, senderId, scopeId, now)]);
  if ((claimed?.meta.changes ?? 0) > 0) return null;
  const row = await db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM send_claims WHERE kind = ${limit.kind} AND scope_id = ${scopeId} AND created_at > ${isoAgo(now, limit.windowSeconds)}`,
  );
  return (row?.n ?? 0) >= limit.perScope ? "scope" : "sender";
}
