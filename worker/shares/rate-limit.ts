import type { Context } from "hono";
import { SHARE_MESSAGES } from "../../common/shares";
import { tooManyRequests } from "../lib/errors";
import type { AppEnv } from "../types";

/** Per client address, across every shared page and shared read: a secret guesser gets 60 tries a minute. */
export async function enforceShareRateLimit(c: Context<AppEnv>): Promise<void> {
  const ip = c.req.header("cf-connecting-ip") ?? "unknown";
  const { success } = await c.env.SHARE_IP_LIMITER.limit({ key: `share:ip:${ip}` });
  if (!success) throw tooManyRequests(SHARE_MESSAGES.tooManyRequests);
}
