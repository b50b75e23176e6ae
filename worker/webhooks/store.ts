// A workspace's webhooks in D1: made, listed, changed and removed by its owners (roles checked
// by the caller, workspaces/access.ts); a webhook of another workspace is a missing one.
import { and, count, desc, eq } from "drizzle-orm";
import { nowIso } from "../../common/time";
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEvent,
  type WebhookUpdate,
} from "../../common/webhooks";
import type { Db } from "../db/client";
import { webhookDeliveries, type WebhookRow, webhooks } from "../db/schema";
import { forbidden } from "../lib/errors";
import { newSecret, sealSecret } from "./signing";

export const toWebhookDto = (row: WebhookRow): WebhookDto => ({
  id: row.id,
  workspace_id: row.workspaceId,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  failure_count: row.failureCount,
  disabled_reason: row.disabledReason,
  created_at: row.createdAt,
});

/** A new webhook and its secret, which is answered this once. */
export async function createWebhook(
  db: Db,
  jwtSecret: string,
  input: { workspaceId: string; userId: string; url: string; events: WebhookEvent[] },
): Promise<{ row: WebhookRow; secret: string }> {
  const held = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.workspaceId, input.workspaceId)).get();
  if ((held?.n ?? 0) >= WEBHOOK_LIMITS.perWorkspace) throw forbidden(WEBHOOK_MESSAGES.tooMany);
  const secret = newSecret();
  const row = await db
    .insert(webhooks)
    .values({
      id: crypto.randomUUID(),
      workspaceId: input.workspaceId,
      createdBy: input.userId,
      url: input.url,
      events: input.events,
      secret: await sealSecret(jwtSecret, secret),
      createdAt: nowIso(),
    })
    .returning()
    .get();
  return { row, secret };
}

export async function listWebhooks(db: Db, workspaceId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.workspaceId, workspaceId)).orderBy(webhooks.createdAt).all();
}

export async function updateWebhook(db: Db, row: WebhookRow, change: WebhookUpdate): Promise<WebhookRow> {
  const reenabled = change.enabled === true && !row.enabled;
  return (await db
    .update(webhooks)
    .set({
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.events !== undefined ? { events: change.events } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      ...(reenabled || change.enabled === false ? { failureCount: 0, disabledReason: null } : {}),
    })
    .where(eq(webhooks.id, row.id))
    .returning()
    .get())!;
}

export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

export async function listDeliveries(db: Db, webhookId: string): Promise<WebhookDeliveryDto[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .limit(WEBHOOK_LIMITS.deliveriesKept)
    .all();
  return rows.map((r) => ({
    id: r.id,
    event_id: r.eventId,
    type: r.type as WebhookDeliveryDto["type"],
    attempt: r.attempt,
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    error: r.error,
    created_at: r.createdAt,
  }));
}
