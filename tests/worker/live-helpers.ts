// A browser tab's live socket in the worker tests: opens /cable for a user and
// collects the live messages of one type as the SPA would parse them.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { parseLiveMessage, type LiveMessage } from "../../common/live-messages";
import type { TestUser } from "./library-helpers";

import { until } from "../support/poll";

export { until };

/** A single-use socket ticket, as the SPA asks for one before every connection. */
export async function socketTicket(token: string): Promise<string> {
  const res = await exports.default.fetch("http://localhost/api/v1/cable/ticket", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticket: string }).ticket;
}

/** Opens /cable with a ticket (or the given raw `token` query value) like a browser tab; with `fileId`, a file socket. */
export async function openSocket(query: string, fileId?: string) {
  const file = fileId === undefined ? "" : `&file=${encodeURIComponent(fileId)}`;
  const res = await exports.default.fetch(`http://localhost/cable?token=${encodeURIComponent(query)}${file}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = res.webSocket;
  const raw: string[] = [];
  let closed: { code: number; reason: string } | null = null;
  if (socket) {
    socket.accept();
    socket.addEventListener("message", (e) => raw.push(String(e.data)));
    socket.addEventListener("close", (e) => (closed = { code: e.code, reason: e.reason }));
  }
  return { status: res.status, socket, raw, closed: () => closed };
}

/** A tab's main socket (the person's notifications), or with `fileId` its socket on that open file (the file's changes). */
export async function openTab<T extends LiveMessage["type"]>(user: TestUser, type: T, fileId?: string) {
  const file = fileId === undefined ? "" : `&file=${encodeURIComponent(fileId)}`;
  const res = await exports.default.fetch(`http://localhost/cable?token=${encodeURIComponent(await socketTicket(user.token))}${file}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = res.webSocket!;
  const messages: Extract<LiveMessage, { type: T }>[] = [];
  let welcomed = false;
  socket.accept();
  socket.addEventListener("message", (e) => {
    if (String(e.data).includes("welcome")) welcomed = true;
    const message = parseLiveMessage(e.data);
    if (message?.type === type) messages.push(message as Extract<LiveMessage, { type: T }>);
  });
  await until(() => welcomed);
  return { messages, close: () => socket.close() };
}
