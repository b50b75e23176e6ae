// A browser tab's live socket in the worker tests: opens /cable for a user and
// collects the live messages of one type as the SPA would parse them.
import { exports } from "cloudflare:workers";
import { parseLiveMessage, type LiveMessage } from "../../common/live-messages";
import type { TestUser } from "./library-helpers";

export async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
}

export async function openTab<T extends LiveMessage["type"]>(user: TestUser, type: T) {
  const res = await exports.default.fetch(`http://localhost/cable?token=${encodeURIComponent(user.token)}`, { headers: { Upgrade: "websocket" } });
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
