// The webhook queue's consumer (decision 041): one attempt to POST one event to one webhook,
// signed, with a 10 s limit and no redirects followed, logged; a failure is retried on the
// configured schedule, and the 20th failure in a row turns the webhook off and tells its owners.
import { and, eq, notInArray, sql } from "drizzle-orm";
import { nowIso } from "../../common/time";
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from "../../common/webhooks";
import { type Config, getConfig } from "../config";
import { type Db, getDb } from "../db/client";
import { readPrefix } from "../lib/read-prefix";
import { users, webhookDeliveries, type WebhookRow, webhooks, workspaceMembers } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { webhookDisabledMessage } from "../mail/templates";
import type { WebhookMessage } from "../queue-messages";
import { urlProblem } from "./addresses";
import { openSecret, signature } from "./signing";

interface Attempt {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

async function post(config: Config, hook: WebhookRow, event: WebhookMessage["event"]): Promise<Attempt> {
  const started = Date.now();
  const refused = urlProblem(hook.url, config.ENVIRONMENT === "development");
  if (refused) return { statusCode: null, error: refused, durationMs: 0 };
  const body = JSON.stringify(event);
  try {
    const secret = await openSecret(config.JWT_SECRET, hook.secret);
    const response = await fetch(hook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": `${config.APP_NAME}-Webhooks/1`,
        [WEBHOOK_HEADERS.signature]: await signature(secret, Math.floor(Date.now() / 1000), body),
        [WEBHOOK_HEADERS.id]: event.id,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutMs),
    });
    const durationMs = Date.now() - started;
    if (response.status >= 200 && response.status < 400) {
      await response.body?.cancel();
      return { statusCode: response.status, error: response.status < 300 ? null : "Redirects are not followed", durationMs };
    }
    // Only the start of a failure's answer is read: a receiver's body can be any size.
    const text = (await readPrefix(response.body, WEBHOOK_LIMITS.answerReadBytes).catch(() => "")).trim();
    return { statusCode: response.status, error: text.slice(0, WEBHOOK_LIMITS.errorLength) || `HTTP ${response.status}`, durationMs };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      statusCode: null,
      error: timedOut ? `No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s` : String(error instanceof Error ? error.message : error),
      durationMs: Date.now() - started,
    };
  }
}

/** Keeps the newest deliveries of a webhook only. */
async function logDelivery(db: Db, hook: WebhookRow, event: WebhookMessage["event"], attempt: number, result: Attempt) {
  await db.insert(webhookDeliveries).values({
    id: crypto.randomUUID(),
    webhookId: hook.id,
    eventId: event.id,
    type: event.type,
    attempt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
    createdAt: nowIso(),
  });
  const newest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hook.id))
    .orderBy(sql`${webhookDeliveries.createdAt} DESC`)
    .limit(WEBHOOK_LIMITS.deliveriesKept);
  await db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hook.id), notInArray(webhookDeliveries.id, newest)));
}

/** A failure counted; at the limit the webhook turns off (once) and its workspace's owners hear of it. */
async function countFailure(env: Env, config: Config, db: Db, hook: WebhookRow): Promise<boolean> {
  const row = await db
    .update(webhooks)
    .set({ failureCount: sql`${webhooks.failureCount} + 1` })
    .where(eq(webhooks.id, hook.id))
    .returning({ failures: webhooks.failureCount, enabled: webhooks.enabled })
    .get();
  if (!row || row.failures < WEBHOOK_LIMITS.disableAfterFailures || !row.enabled) return false;
  const off = await db
    .update(webhooks)
    .set({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures })
    .where(and(eq(webhooks.id, hook.id), eq(webhooks.enabled, true)))
    .returning({ id: webhooks.id })
    .get();
  if (!off) return true;
  const owners = await db
    .select({ email: users.email, fullName: users.fullName })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, hook.workspaceId), eq(workspaceMembers.role, "owner")))
    .all();
  const mailer = createMailer(env, config, db);
  const link = `${config.APP_URL}/dashboard`;
  for (const owner of owners) {
    try {
      await mailer.send(webhookDisabledMessage(config.APP_NAME, owner.email, owner.fullName, hook.url, link));
    } catch (error) {
      console.error("Could not send the webhook-disabled e-mail", error);
    }
  }
  return true;
}

export async function runWebhookJob(message: Message<unknown>, body: WebhookMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const config = getConfig(env);
  const hook = await db.select().from(webhooks).where(eq(webhooks.id, body.webhook_id)).get();
  // Deleted, or turned off since (a test event is sent to a turned-off webhook too).
  if (!hook || (!hook.enabled && body.event.type !== "webhook.test")) {
    message.ack();
    return;
  }
  const attempt = message.attempts;
  const result = await post(config, hook, body.event);
  await logDelivery(db, hook, body.event, attempt, result);
  if (result.error === null) {
    if (hook.failureCount) await db.update(webhooks).set({ failureCount: 0 }).where(eq(webhooks.id, hook.id));
    message.ack();
    return;
  }
  const disabled = await countFailure(env, config, db, hook);
  const delay = config.WEBHOOK_RETRY_SECONDS[attempt - 1];
  if (disabled || delay === undefined) message.ack();
  else message.retry({ delaySeconds: delay });
}
