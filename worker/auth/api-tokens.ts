// Personal API tokens: created (the secret shown once), listed, revoked, and resolved
// from an `Authorization: Bearer tr_…` header. Only a hash of the secret is stored.
import { and, desc, eq, sql } from "drizzle-orm";
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenCreateInput,
  type ApiTokenDto,
} from "../../common/api-tokens";
import { randomToken } from "../../common/ids";
import { isoIn, nowIso } from "../../common/time";
import type { Db } from "../db/client";
import { type ApiTokenRow, apiTokens, users, type UserRow } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import { sha256Hex } from "../lib/random";

const hashSecret = (secret: string) => sha256Hex(`api-token:${secret}`);
/** Last use is written at most this often per token (a busy script must not write on every request). */
const LAST_USED_EVERY_MS = 60_000;

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

export const toApiTokenDto = (row: ApiTokenRow, token?: string): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  scopes: row.canWrite ? ["read", "write"] : ["read"],
  created_at: row.createdAt,
  last_used_at: row.lastUsedAt,
  expires_at: row.expiresAt,
  ...(token ? { token } : {}),
});

export async function createApiToken(db: Db, userId: string, input: ApiTokenCreateInput): Promise<ApiTokenDto> {
  // 32 bytes from the CSPRNG: 256 bits after the recognisable prefix.
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row: ApiTokenRow = {
    id: crypto.randomUUID(),
    userId,
    name: input.name,
    tokenHash: await hashSecret(token),
    hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
    canWrite: input.scopes.includes("write"),
    expiresAt: input.expires_in_days === null ? null : isoIn(input.expires_in_days * 86_400),
    lastUsedAt: null,
    createdAt: nowIso(),
  };
  // One INSERT … SELECT, so two creations at once cannot both pass the limit.
  const inserted = await db.run(sql`
    INSERT INTO api_tokens (id, user_id, name, token_hash, hint, can_write, expires_at, last_used_at, created_at)
    SELECT ${row.id}, ${userId}, ${row.name}, ${row.tokenHash}, ${row.hint}, ${Number(row.canWrite)}, ${row.expiresAt}, NULL, ${row.createdAt}
    WHERE (SELECT count(*) FROM api_tokens WHERE user_id = ${userId}) < ${API_TOKEN_LIMITS.perUser}`);
  if ((inserted.meta.changes ?? 0) === 0) throw forbidden(API_TOKEN_MESSAGES.tooMany);
  return toApiTokenDto(row, token);
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenDto[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
  return rows.map((row) => toApiTokenDto(row));
}

export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if ((deleted.meta.changes ?? 0) === 0) throw notFound(API_TOKEN_MESSAGES.notFound);
}

/** Every token of the user stops working from the next request (a password reset, or a change that asks for it). */
export async function revokeAllApiTokens(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
  return deleted.meta.changes ?? 0;
}

export interface TokenCredential {
  tokenId: string;
  canWrite: boolean;
}

/** The token's owner and rights; null for an unknown, revoked or expired token. */
export async function resolveApiToken(
  db: Db,
  secret: string,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<{ user: UserRow; credential: TokenCredential } | null> {
  const row = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, await hashSecret(secret)))
    .get();
  const now = nowIso();
  if (!row || (row.token.expiresAt !== null && row.token.expiresAt <= now)) return null;
  const last = row.token.lastUsedAt ? Date.parse(row.token.lastUsedAt) : 0;
  if (Date.now() - last > LAST_USED_EVERY_MS) {
    waitUntil(db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.token.id)).run());
  }
  return { user: row.user, credential: { tokenId: row.token.id, canWrite: row.token.canWrite } };
}
