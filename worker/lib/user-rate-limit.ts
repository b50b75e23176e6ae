import { createMiddleware } from "hono/factory";
import { COSTLY_LIMITS, type CostlyAction, costlyLimitMessage } from "../../common/rate-limits";
import type { AppEnv } from "../types";

const BINDINGS = {
  summary: "SUMMARY_USER_LIMITER",
  export: "EXPORT_USER_LIMITER",
  retranscribe: "RETRANSCRIBE_USER_LIMITER",
  ask: "ASK_USER_LIMITER",
  translate: "TRANSLATE_USER_LIMITER",
} as const satisfies Record<CostlyAction, keyof Env>;

/**
 * Per signed-in user, before the handler (after validation, so malformed input
 * does not count): 429 `{error}` with Retry-After once the window's calls are spent.
 * The binding does not say when its window ends, so Retry-After is the whole window.
 */
export const limitPerUser = (action: CostlyAction) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await c.env[BINDINGS[action]].limit({ key: `${action}:user:${c.var.user.id}` });
    if (!success) {
      return c.json({ error: costlyLimitMessage(action) }, 429, { "Retry-After": String(COSTLY_LIMITS[action].periodSeconds) });
    }
    await next();
  });
