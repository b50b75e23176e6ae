import { Hono } from "hono";
import { desc } from "drizzle-orm";
import type { OutboxMail } from "../../common/dev-outbox";
import { devOutbox } from "../db/schema";
import { notFound } from "../lib/errors";
import { sweep } from "../transcription/recovery";
import type { AppEnv } from "../types";

/** Development-only helpers; every route answers 404 outside ENVIRONMENT=development. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.var.config.ENVIRONMENT !== "development") throw notFound();
    await next();
  })
  .get("/outbox", async (c) => {
    const rows = await c.var.db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(200).all();
    return c.json({
      data: rows.map(
        (r): OutboxMail => ({ to: r.recipient, subject: r.subject, text: r.textBody, html: r.htmlBody, created_at: r.createdAt }),
      ),
    });
  })
  // The local stand-in for the cron trigger (wrangler dev with static assets cannot run
  // scheduled handlers): `npm start` calls this on a timer; the same sweep runs deployed.
  .post("/sweep", async (c) => c.json({ data: await sweep(c.env) }, 200));
