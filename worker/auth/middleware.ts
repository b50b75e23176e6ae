import { createMiddleware } from "hono/factory";
import { API_TOKEN_MESSAGES } from "../../common/api-tokens";
import { MESSAGES } from "../../common/messages";
import { forbidden, unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { isApiToken, resolveApiToken } from "./api-tokens";
import type { BatchItem } from "drizzle-orm/batch";
import { routeReadOf } from "./read-with-sign-in";
import { sessionClaims, sessionFrom, sessionQuery } from "./sessions";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Bearer credential → user on the context, or 401: a session token from signing in, or
 * (where `tokens` allows) a personal API token, whose scopes and rate limit apply here.
 */
const authenticate = (tokens: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!bearer) throw unauthorized(MESSAGES.unauthorized);
    if (isApiToken(bearer)) {
      const resolved = await resolveApiToken(c.var.db, bearer, (work) => c.executionCtx.waitUntil(work));
      if (!resolved) throw unauthorized(MESSAGES.sessionExpired);
      if (!tokens) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
      if (!resolved.credential.canWrite && !READS.has(c.req.method)) throw forbidden(API_TOKEN_MESSAGES.readOnly);
      const { success } = await c.env.API_TOKEN_LIMITER.limit({ key: `token:${resolved.credential.tokenId}` });
      if (!success) return c.json({ error: API_TOKEN_MESSAGES.tooManyRequests }, 429, { "Retry-After": "60" });
      c.set("user", resolved.user);
      c.set("sessionId", "");
      c.set("apiToken", resolved.credential);
      return next();
    }
    const claims = await sessionClaims(c.var.config.JWT_SECRET, bearer);
    if (!claims) throw unauthorized(MESSAGES.sessionExpired);
    // A route that reads D1 first (the file an edit or an opening read is about) has it sent in the same trip.
    const routeRead = routeReadOf(c);
    const onWrite = routeRead && !READS.has(c.req.method) ? routeRead.read.onWrite : undefined;
    const [sessionRows, routeRows, ...written] = routeRead
      ? await c.var.db.batch([
          sessionQuery(c.var.db, claims),
          routeRead.read.query(c.var.db, claims.userId, routeRead.value),
          ...(onWrite?.statements(c.var.db, claims.userId) ?? []),
        ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])
      : [await sessionQuery(c.var.db, claims), null];
    const session = sessionFrom(sessionRows as Parameters<typeof sessionFrom>[0], claims);
    if (!session) throw unauthorized(MESSAGES.sessionExpired);
    if (routeRead && routeRows) routeRead.read.keep(c, routeRead.value, routeRows as unknown[]);
    if (onWrite) onWrite.keep(c, written);
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    c.set("apiToken", null);
    await next();
  });

/** Every `/api/v1` resource: a signed-in session or an API token within its scopes. */
export const requireAuth = authenticate(true);

/** The account's own routes (sign-out, tokens, preferences, the live socket's ticket): a signed-in session only. */
export const requireSession = authenticate(false);
