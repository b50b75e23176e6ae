import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userChannel } from "../../worker/channel";
import { createUser } from "./library-helpers";

/** Opens /cable like a browser tab and collects what arrives. */
async function connect(token: string) {
  const res = await exports.default.fetch(`http://localhost/cable?token=${encodeURIComponent(token)}`, { headers: { Upgrade: "websocket" } });
  const socket = res.webSocket;
  if (!socket) return { status: res.status, messages: [] as string[], socket: null };
  const messages: string[] = [];
  socket.accept();
  socket.addEventListener("message", (e) => messages.push(String(e.data)));
  return { status: res.status, messages, socket };
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("live channel", () => {
  it("delivers a user's events to every open tab of that user only", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const aliceTab1 = await connect(alice.token);
    const aliceTab2 = await connect(alice.token);
    const bobTab = await connect(bob.token);
    expect([aliceTab1.status, aliceTab2.status, bobTab.status]).toEqual([101, 101, 101]);
    await until(() => aliceTab1.messages.length > 0 && aliceTab2.messages.length > 0 && bobTab.messages.length > 0);

    const event = { type: "file_status_changed", file_id: "f1", file: { status: "ready", has_transcript: true, name: "a.wav" }, message: "Transcription completed" };
    const delivered = await (await userChannel(env, alice.id)).publish(event);
    expect(delivered).toBe(2);
    expect(await until(() => aliceTab1.messages.some((m) => m.includes("file_status_changed")))).toBe(true);
    expect(await until(() => aliceTab2.messages.some((m) => m.includes("file_status_changed")))).toBe(true);
    expect(JSON.parse(aliceTab1.messages.find((m) => m.includes("file_status_changed"))!)).toEqual(event);

    await new Promise((r) => setTimeout(r, 100));
    expect(bobTab.messages.some((m) => m.includes("file_status_changed"))).toBe(false);
    for (const tab of [aliceTab1, aliceTab2, bobTab]) tab.socket?.close();
  });

  it("answers the heartbeat", async () => {
    const user = await createUser("ping");
    const tab = await connect(user.token);
    tab.socket!.send("ping");
    expect(await until(() => tab.messages.includes("pong"))).toBe(true);
    tab.socket!.close();
  });

  it("refuses a missing, bad or revoked token", async () => {
    const user = await createUser("revoked");
    expect((await connect("")).status).toBe(401);
    expect((await connect("not-a-token")).status).toBe(401);
    const logout = await exports.default.fetch("http://localhost/api/v1/auth/logout", { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
    expect(logout.status).toBe(200);
    const refused = await connect(user.token);
    expect(refused.status).toBe(401);
    expect(refused.socket).toBeNull();
  });

  it("asks for a WebSocket upgrade", async () => {
    const user = await createUser("plain");
    const res = await exports.default.fetch(`http://localhost/cable?token=${user.token}`);
    expect(res.status).toBe(426);
  });
});
