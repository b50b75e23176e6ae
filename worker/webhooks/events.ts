// Events a workspace's webhooks hear (decision 041): one queue message per webhook that
// listens, so each is delivered and retried on its own. Telling never fails what it follows.
import { and, eq, lt, or, sql } from "drizzle-orm";
import { nowIso } from "../../common/time";
import { WEBHOOK_LIMITS, type WebhookEvent } from "../../common/webhooks";
import type { Db } from "../db/client";
import { audioFiles, type ExportRow, webhookEditMarks, webhooks } from "../db/schema";
import type { WebhookMessage } from "../queue-messages";

export type WebhookEventBody = WebhookMessage["event"];

export const newEvent = (type: WebhookEvent | "webhook.test", data: Record<string, unknown>): WebhookEventBody => ({
  id: `evt_${crypto.randomUUID()}`,
  type,
  created_at: nowIso(),
  data,
});

const listening = (workspaceId: string, type: WebhookEvent) =>
  and(
    eq(webhooks.workspaceId, workspaceId),
    eq(webhooks.enabled, true),
    sql`EXISTS (SELECT 1 FROM json_each(${webhooks.events}) WHERE value = ${type})`,
  );

export async function enqueue(env: Env, messages: WebhookMessage[]): Promise<void> {
  if (messages.length) await env.WEBHOOK_QUEUE.sendBatch(messages.map((body) => ({ body })));
}

/** Sends an event to every enabled webhook of the workspace that listens for it. */
export async function tellWebhooks(
  env: Env,
  db: Db,
  workspaceId: string,
  userId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const hooks = await db.select({ id: webhooks.id }).from(webhooks).where(listening(workspaceId, type)).all();
    const event = newEvent(type, data);
    await enqueue(
      env,
      hooks.map((h) => ({ type: "webhook", webhook_id: h.id, user_id: userId, event })),
    );
  } catch (error) {
    console.error(`Could not queue webhook event ${type}`, error);
  }
}

/**
 * transcript.edited, at most once a minute per file and webhook: a webhook takes the event only
 * if it claims the file's mark (none yet, or older than the minute) in the same statement.
 */
export async function tellTranscriptEdited(env: Env, db: Db, file: { id: string; name: string; workspaceId: string }, userId: string) {
  try {
    const now = nowIso();
    const since = new Date(Date.now() - WEBHOOK_LIMITS.editedEverySeconds * 1000).toISOString();
    const hooks = await db.select({ id: webhooks.id }).from(webhooks).where(listening(file.workspaceId, "transcript.edited")).all();
    if (!hooks.length) return;
    const claimed: string[] = [];
    for (const h of hooks) {
      const row = await db
        .insert(webhookEditMarks)
        .values({ webhookId: h.id, audioFileId: file.id, sentAt: now })
        .onConflictDoUpdate({
          target: [webhookEditMarks.webhookId, webhookEditMarks.audioFileId],
          set: { sentAt: now },
          setWhere: or(lt(webhookEditMarks.sentAt, since)),
        })
        .returning({ id: webhookEditMarks.webhookId })
        .get();
      if (row) claimed.push(row.id);
    }
    const event = newEvent("transcript.edited", { file_id: file.id, name: file.name, workspace_id: file.workspaceId });
    await enqueue(
      env,
      claimed.map((id) => ({ type: "webhook", webhook_id: id, user_id: userId, event })),
    );
  } catch (error) {
    console.error("Could not queue transcript.edited", error);
  }
}

/** export.completed, to the webhooks of the exported file's workspace. */
export async function tellExportCompleted(env: Env, db: Db, row: ExportRow): Promise<void> {
  const file = await db
    .select({ workspaceId: audioFiles.workspaceId })
    .from(audioFiles)
    .where(eq(audioFiles.id, row.audioFileId))
    .get()
    .catch(() => undefined);
  if (!file) return;
  await tellWebhooks(env, db, file.workspaceId, row.userId, "export.completed", {
    export_id: row.id,
    file_id: row.audioFileId,
    format: row.format,
    filename: row.filename,
    workspace_id: file.workspaceId,
  });
}
