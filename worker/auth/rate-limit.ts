import type { Context } from "hono";
import { MESSAGES } from "../../common/messages";
import { tooManyRequests } from "../lib/errors";
import type { AppEnv } from "../types";

/**
 * Two limiters: strict per action and e-mail (a password guesser gets ~10
 * tries a minute), generous per client IP (a whole office behind one address
 * keeps working). Throws 429 when either says no.
 */
export async function enforceAuthRateLimit(c: Context<AppEnv>, action: string, email: string): Promise<void> {
  const ip = c.req.header("cf-connecting-ip") ?? "unknown";
  const [byIp, byEmail] = await Promise.all([
    c.env.AUTH_IP_LIMITER.limit({ key: `${action}:ip:${ip}` }),
    c.env.AUTH_EMAIL_LIMITER.limit({ key: `${action}:email:${email.toLowerCase()}` }),
  ]);
  if (!byIp.success || !byEmail.success) throw tooManyRequests(MESSAGES.tooManyRequests);
}
