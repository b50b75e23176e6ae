import { Hono } from "hono";
import { MESSAGES } from "../../common/messages";
import { SESSION_HEADERS } from "../../durable-objects/live-room";
import { requireSession } from "../auth/middleware";
import { claimSocketTicket, issueSocketTicket, SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets";
import { userChannel } from "../channel";
import { getDb } from "../db/client";
import type { AppEnv } from "../types";

/** `POST /api/v1/cable/ticket`: a single-use ticket (60 s) to open the live socket with. */
export const cableTicketRoutes = new Hono<AppEnv>().post("/ticket", requireSession, async (c) => {
  const ticket = await issueSocketTicket(c.var.db, c.var.user.id, c.var.sessionId);
  c.header("Cache-Control", "no-store");
  return c.json({ ticket, expires_in: SOCKET_TICKET_TTL_SECONDS }, 201);
});

/**
 * The live socket: `/cable?token=<ticket>` is routed to the ticket owner's
 * channel, tagged with its session. A bearer token is not accepted here: it
 * must never travel in a URL.
 */
export const cableRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "Expected a WebSocket upgrade" }, 426);
  }
  const session = await claimSocketTicket(getDb(c.env.DB), c.req.query("token") ?? "");
  if (!session) return c.json({ error: MESSAGES.sessionExpired }, 401);
  const headers = new Headers(c.req.raw.headers);
  headers.set(SESSION_HEADERS.id, session.sessionId);
  headers.set(SESSION_HEADERS.expiresAt, session.sessionExpiresAt);
  const stub = await userChannel(c.env, session.userId);
  return stub.fetch(new Request(c.req.raw, { headers }));
});
