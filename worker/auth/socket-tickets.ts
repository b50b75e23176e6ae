// Tickets for the live socket: the SPA trades its bearer token (in a header)
// for a ticket valid 60 s and good for one connection, and puts only that in
// the /cable URL. Long-lived tokens never reach URLs, logs or proxies.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, socketTickets } from "../db/schema";
import { randomToken } from "../../common/ids";
import { sha256Hex } from "../lib/random";
import { isoIn, nowIso } from "../../common/time";

export const SOCKET_TICKET_TTL_SECONDS = 60;

export async function issueSocketTicket(db: Db, userId: string, sessionId: string): Promise<string> {
  const ticket = randomToken(32);
  await db.batch([
    // Old tickets of this user are of no use to anyone.
    db.delete(socketTickets).where(and(eq(socketTickets.userId, userId), lt(socketTickets.expiresAt, nowIso()))),
    db
      .insert(socketTickets)
      .values({ ticketHash: await sha256Hex(ticket), sessionId, userId, expiresAt: isoIn(SOCKET_TICKET_TTL_SECONDS) }),
  ]);
  return ticket;
}

export interface SocketSession {
  userId: string;
  sessionId: string;
  /** When the session itself ends: the socket must not outlive it. */
  sessionExpiresAt: string;
}

/**
 * Claims a ticket: it is deleted as it is read, so it opens one socket at most.
 * Null when unknown, used, expired, or when its session has ended since.
 */
export async function claimSocketTicket(db: Db, ticket: string): Promise<SocketSession | null> {
  if (!ticket) return null;
  const claimed = await db
    .delete(socketTickets)
    .where(eq(socketTickets.ticketHash, await sha256Hex(ticket)))
    .returning()
    .get();
  if (!claimed || claimed.expiresAt <= nowIso()) return null;
  const session = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, claimed.sessionId), eq(sessions.userId, claimed.userId), sql`${sessions.revokedAt} IS NULL`))
    .get();
  if (!session || session.expiresAt <= nowIso()) return null;
  return { userId: claimed.userId, sessionId: claimed.sessionId, sessionExpiresAt: session.expiresAt };
}
