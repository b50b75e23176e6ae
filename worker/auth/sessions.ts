import { and, eq, isNull, ne } from "drizzle-orm";
import { SignJWT, jwtVerify } from "jose";
import { LIMITS } from "../../common/limits";
import type { Db } from "../db/client";
import { sessions, users, type UserRow } from "../db/schema";
import { isoIn, nowIso } from "../../common/time";
import { randomToken } from "../../common/ids";

const ISSUER = "transcribe-edge";
const key = (secret: string) => new TextEncoder().encode(secret);

/** Opens a server-side session and returns a bearer token that names it. */
export async function createSession(db: Db, secret: string, userId: string): Promise<string> {
  const id = randomToken(18);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: nowIso(),
    expiresAt: isoIn(LIMITS.sessionTtlSeconds),
    revokedAt: null,
  });
  return new SignJWT({ sid: id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${LIMITS.sessionTtlSeconds}s`)
    .sign(key(secret));
}

/** Who a session token names, if its signature and claims hold (the session row still decides). */
export interface SessionClaims {
  sessionId: string;
  userId: string;
}

/**
 * The token's signature and claims, checked without D1. The signature proves who issued it; the
 * session row (`sessionQuery`) decides whether it still counts, so logout and password resets
 * take effect immediately.
 */
export async function sessionClaims(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ["HS256"] });
    return typeof payload.sid === "string" && payload.sub ? { sessionId: payload.sid, userId: payload.sub } : null;
  } catch {
    return null;
  }
}

/**
 * The read that decides whether the named session still counts: its expiry with its user's row,
 * unless revoked. No two columns share a name: a D1 batch (read-with-sign-in.ts) gives rows back
 * keyed by column name, so a second `id` would take the first's place.
 */
export function sessionQuery(db: Db, claims: SessionClaims) {
  return db
    .select({ expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)))
    .limit(1);
}

/** The signed-in user, from `sessionQuery`'s rows: none, or an expired session, is no one. */
export function sessionFrom(
  rows: readonly { expiresAt: string; user: UserRow }[],
  claims: SessionClaims,
): { user: UserRow; sessionId: string } | null {
  const row = rows[0];
  if (!row || row.expiresAt <= nowIso()) return null;
  return { user: row.user, sessionId: claims.sessionId };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: nowIso() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: nowIso() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but this one; answers the ended ones (their live sockets close too). */
export async function revokeOtherSessions(db: Db, userId: string, keep: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: nowIso() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}
