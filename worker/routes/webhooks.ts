import { Hono } from "hono";
import * as z from "zod";
import { WEBHOOK_MESSAGES, webhookCreateSchema, webhookUpdateSchema } from "../../common/webhooks";
import { workspaceRefSchema } from "../../common/workspaces";
import { requireAuth } from "../auth/middleware";
import { ApiError, unprocessable } from "../lib/errors";
import { claimOneSend, SEND_LIMITS } from "../lib/send-limits";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { urlProblem } from "../webhooks/addresses";
import { enqueue, newEvent } from "../webhooks/events";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, toWebhookDto, updateWebhook } from "../webhooks/store";
import { webhookFor, workspaceFor } from "../workspaces/access";
import { createdWebhookSchema, webhookDeliveryDtoSchema, webhookDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";

const doc = routeDocs("Webhooks");

const TEST_EVENTS_LIMITED = `Too many test events: at most ${SEND_LIMITS.webhookTest.perScope} a minute for one webhook and ${SEND_LIMITS.webhookTest.perSender} a minute for you. Please try again in a minute.`;

/** 422 unless the URL may receive deliveries (https to a public host; this machine in development). */
function checkUrl(url: string | undefined, environment: string): void {
  const problem = url === undefined ? null : urlProblem(url, environment === "development");
  if (problem) throw unprocessable(problem);
}

/** A workspace's webhooks (decision 041), managed by its owners; another workspace's webhook is 404. */
export const webhookRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    doc({
      summary: "Create a webhook",
      description:
        'The answer is the only one with the signing `secret`. Deliveries are signed: `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.',
      status: 201,
      response: dataOf(createdWebhookSchema),
      errors: [404, 409],
    }),
    validate("json", webhookCreateSchema, [
      { url: "https://hooks.example.com/transcripts", events: ["file.ready", "file.failed"], workspace_id: "personal" },
    ]),
    async (c) => {
      const input = c.req.valid("json");
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, input.workspace_id, "manage");
      checkUrl(input.url, c.var.config.ENVIRONMENT);
      const { row, secret } = await createWebhook(c.var.db, c.var.config.JWT_SECRET, {
        workspaceId,
        userId: c.var.user.id,
        url: input.url,
        events: input.events,
      });
      // The only answer that carries the secret.
      return c.json({ data: { ...toWebhookDto(row), secret } }, 201);
    },
  )
  .get(
    "/",
    doc({ summary: "List a workspace's webhooks", response: listOf(webhookDtoSchema), errors: [404] }),
    validate("query", z.object({ workspace_id: workspaceRefSchema })),
    async (c) => {
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, c.req.valid("query").workspace_id, "manage");
      return c.json({ data: (await listWebhooks(c.var.db, workspaceId)).map(toWebhookDto) }, 200);
    },
  )
  .patch(
    "/:id",
    doc({ summary: "Change a webhook, or turn it off or on", response: dataOf(webhookDtoSchema), errors: [404] }),
    validate("json", webhookUpdateSchema),
    async (c) => {
      const hook = await webhookFor(c.var.db, c.var.user.id, c.req.param("id"));
      const change = c.req.valid("json");
      checkUrl(change.url, c.var.config.ENVIRONMENT);
      return c.json({ data: toWebhookDto(await updateWebhook(c.var.db, hook, change)) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Delete a webhook", response: messageSchema, errors: [404] }), async (c) => {
    const hook = await webhookFor(c.var.db, c.var.user.id, c.req.param("id"));
    await deleteWebhook(c.var.db, hook.id);
    return c.json({ message: WEBHOOK_MESSAGES.deleted }, 200);
  })
  .post(
    "/:id/test",
    doc({
      summary: "Send a test event",
      status: 202,
      response: z.object({ message: z.string(), data: z.object({ event_id: z.string() }) }),
      description: `At most ${SEND_LIMITS.webhookTest.perScope} a minute per webhook and ${SEND_LIMITS.webhookTest.perSender} a minute per person; past either, 429.`,
      errors: [404, 429],
    }),
    async (c) => {
      const hook = await webhookFor(c.var.db, c.var.user.id, c.req.param("id"));
      // A test posts to any public address its owner names: limited, so it cannot be used to flood one.
      if (await claimOneSend(c.var.db, SEND_LIMITS.webhookTest, c.var.user.id, hook.id)) {
        throw new ApiError(429, TEST_EVENTS_LIMITED, { "Retry-After": String(SEND_LIMITS.webhookTest.windowSeconds) });
      }
      const event = newEvent("webhook.test", { webhook_id: hook.id, workspace_id: hook.workspaceId });
      await enqueue(c.env, [{ type: "webhook", webhook_id: hook.id, user_id: c.var.user.id, event }]);
      return c.json({ message: WEBHOOK_MESSAGES.testQueued, data: { event_id: event.id } }, 202);
    },
  )
  .get(
    "/:id/deliveries",
    doc({ summary: "A webhook's delivery log", response: listOf(webhookDeliveryDtoSchema), errors: [404] }),
    async (c) => {
      const hook = await webhookFor(c.var.db, c.var.user.id, c.req.param("id"));
      return c.json({ data: await listDeliveries(c.var.db, hook.id) }, 200);
    },
  );
