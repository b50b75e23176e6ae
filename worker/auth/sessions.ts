import { and, eq, isNull } from "drizzle-orm";
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

/**
 * The token's signature proves who issued it; the session row decides whether
 * it still counts, so logout and password resets take effect immediately.
 */
export async function resolveSession(db: Db, secret: string, token: string): Promise<{ user: UserRow; sessionId: string } | null> {
  let sid: unknown;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ["HS256"] });
    sid = payload.sid;
    sub = payload.sub;
  } catch {
    return null;
  }
  if (typeof sid !== "string" || !sub) return null;
  const row = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sid), eq(sessions.userId, sub), isNull(sessions.revokedAt)))
    .get();
  if (!row || row.session.expiresAt <= nowIso()) return null;
  return { user: row.user, sessionId: sid };
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
