import { Hono } from "hono";
import { MESSAGES } from "../../common/messages";
import { fileRoomOf } from "../workspaces/access";
import { requireSession } from "../auth/middleware";
import { claimSocketTicket, issueSocketTicket, SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets";
import { personChannel, transcriptRoomForSockets } from "../objects";
import { getDb } from "../db/client";
import type { AppEnv } from "../types";
import * as z from "zod";
import { routeDocs } from "../lib/openapi";
import { socketRequest } from "../live/socket-request";

/** `POST /api/v1/cable/ticket`: a single-use ticket (60 s) to open the live socket with. */
export const cableTicketRoutes = new Hono<AppEnv>().post(
  "/ticket",
  routeDocs("Live")({
    summary: "Get a ticket to open the live socket with",
    description: "Open `/cable?token=<ticket>` (and `&file=<id>` for a file's socket) within 60 s; each ticket works once.",
    access: "session",
    status: 201,
    response: z.object({ ticket: z.string(), expires_in: z.number().int() }),
  }),
  requireSession,
  async (c) => {
    const ticket = await issueSocketTicket(c.var.db, c.var.user.id, c.var.sessionId);
    c.header("Cache-Control", "no-store");
    return c.json({ ticket, expires_in: SOCKET_TICKET_TTL_SECONDS }, 201);
  },
);

/**
 * The live socket: `/cable?token=<ticket>` is routed to the ticket owner's channel (their
 * notifications), tagged with its session; `/cable?token=<ticket>&file=<id>` is a file socket,
 * routed to the file's transcript room when the ticket's owner may read it (404
 * as for a missing file otherwise): the file's changes and who else has it open. The object hears
 * only the grant built here, never the client's headers. A bearer token is not accepted here: it
 * must never travel in a URL.
 */
export const cableRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "Expected a WebSocket upgrade" }, 426);
  }
  const session = await claimSocketTicket(getDb(c.env.DB), c.req.query("token") ?? "");
  if (!session) return c.json({ error: MESSAGES.sessionExpired }, 401);
  const grant = { sessionId: session.sessionId, sessionExpiresAt: session.sessionExpiresAt };
  const fileId = c.req.query("file");
  if (!fileId) return (await personChannel(c.env, session.userId)).fetch(socketRequest(c.req.url, grant));
  const room = await fileRoomOf(getDb(c.env.DB), session.userId, fileId);
  const file = { id: fileId, workspaceId: room.workspaceId, userId: session.userId, name: room.name };
  // Noted with the person, so leaving the workspace closes this socket at once (live/member-sockets.ts).
  await (await personChannel(c.env, session.userId)).noteFileRoom(room.workspaceId, fileId);
  return (await transcriptRoomForSockets(c.env, fileId)).fetch(socketRequest(c.req.url, { ...grant, file }));
});
