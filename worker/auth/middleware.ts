import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../common/messages";
import { unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { resolveSession } from "./sessions";

/** Bearer token → user and session on the context, or 401. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized(MESSAGES.unauthorized);
  const session = await resolveSession(c.var.db, c.var.config.JWT_SECRET, match[1].trim());
  if (!session) throw unauthorized(MESSAGES.sessionExpired);
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  await next();
});
