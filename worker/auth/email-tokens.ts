import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailTokens } from "../db/schema";
import { randomToken } from "../../common/ids";
import { sha256Hex } from "../lib/random";
import { isoIn, nowIso } from "../../common/time";

export type TokenPurpose = "confirm_email" | "reset_password";

/** Issues a single-use link token; only its hash is stored. */
export async function issueEmailToken(db: Db, userId: string, purpose: TokenPurpose, ttlSeconds: number): Promise<string> {
  const token = randomToken(32);
  await db.insert(emailTokens).values({
    tokenHash: await sha256Hex(token),
    userId,
    purpose,
    createdAt: nowIso(),
    expiresAt: isoIn(ttlSeconds),
    usedAt: null,
  });
  return token;
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: "unknown" | "expired" | "used"; userId?: string };

/** Marks the token used if it is valid; a second use is refused. */
export async function consumeEmailToken(db: Db, token: string, purpose: TokenPurpose): Promise<TokenCheck> {
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .get();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.usedAt) return { ok: false, reason: "used", userId: row.userId };
  if (row.expiresAt <= nowIso()) return { ok: false, reason: "expired", userId: row.userId };
  // The usedAt guard makes two concurrent uses race safely: only one update wins.
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: nowIso() })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
    .returning()
    .get();
  if (!claimed) return { ok: false, reason: "used", userId: row.userId };
  return { ok: true, userId: row.userId };
}

/** Invalidates every outstanding token of a purpose (e.g. other reset links after a reset). */
export async function retireEmailTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: nowIso() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
