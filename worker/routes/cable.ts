import { Hono } from "hono";
import { MESSAGES } from "../../common/messages";
import { resolveSession } from "../auth/sessions";
import { userChannel } from "../channel";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { AppEnv } from "../types";

/** The live socket: `/cable?token=…` is routed to the token owner's channel. */
export const cableRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "Expected a WebSocket upgrade" }, 426);
  }
  const token = c.req.query("token") ?? "";
  const session = token ? await resolveSession(getDb(c.env.DB), getConfig(c.env).JWT_SECRET, token) : null;
  if (!session) return c.json({ error: MESSAGES.sessionExpired }, 401);
  const stub = await userChannel(c.env, session.user.id);
  return stub.fetch(c.req.raw);
});
