import { Hono } from "hono";
import { desc } from "drizzle-orm";
import type { OutboxMail } from "../../common/dev-outbox";
import { devOutbox } from "../db/schema";
import { notFound } from "../lib/errors";
import { type SweepResult, sweep } from "../transcription/recovery";
import { sendCommentDigests } from "../comments/digest";
import type { AppEnv } from "../types";
import { listOf, routeDocs } from "../lib/openapi";
import * as z from "zod";
import { outboxMailSchema } from "../../common/response-schemas";

const doc = routeDocs("Development");
const DEV_ONLY = "Only with ENVIRONMENT=development; 404 otherwise.";

const count = z.number().int();
const sweepAnswer = z.object({
  requeued: count,
  failed: count,
  uploadsRemoved: count,
  partUploadsRemoved: count,
  recordingsRemoved: count,
  exportsRequeued: count,
  exportsFailed: count,
  commentDigests: count.describe("Comment digests e-mailed"),
}) satisfies z.ZodType<SweepResult & { commentDigests: number }>;

/** Development-only helpers; every route answers 404 outside ENVIRONMENT=development. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.var.config.ENVIRONMENT !== "development") throw notFound();
    await next();
  })
  .get(
    "/outbox",
    doc({
      summary: "Mail sent in development",
      description: DEV_ONLY,
      response: listOf(outboxMailSchema),
      responseDescription: "The newest 200, newest first",
      access: "public",
      errors: [404],
    }),
    async (c) => {
      const rows = await c.var.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(200).all();
      return c.json({
        data: rows.map(
          (r): OutboxMail => ({ to: r.recipient, subject: r.subject, text: r.textBody, html: r.htmlBody, created_at: r.createdAt }),
        ),
      });
    },
  )
  // The local stand-in for the cron trigger (wrangler dev with static assets cannot run
  // scheduled handlers): `npm start` calls this on a timer; the same sweep runs deployed.
  .post(
    "/sweep",
    doc({
      summary: "Run the periodic sweep now",
      description: DEV_ONLY,
      access: "public",
      response: z.object({ data: sweepAnswer }),
      responseDescription: "What the sweep did",
      errors: [404],
    }),
    async (c) => {
      const result = await sweep(c.env);
      return c.json({ data: { ...result, commentDigests: await sendCommentDigests(c.env, c.var.config, c.var.db) } }, 200);
    },
  );
