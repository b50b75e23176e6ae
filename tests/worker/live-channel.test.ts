// The live socket: opened with a single-use ticket (never the bearer token),
// delivering a user's events to that user's tabs only, closed when its session
// ends (logout, password reset), and capped per user.
import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LiveMessage } from "../../common/live-messages";
import { CLOSE_CODES, MAX_SOCKETS_PER_USER } from "../../durable-objects/live-room";
import { personChannel } from "../../worker/objects";
import { latestMail, linkToken, loginAs, post, sha256Hex, signUpAndConfirm } from "./helpers";
import { createUser } from "./library-helpers";
import { openSocket, socketTicket, until } from "./live-helpers";
import { quietFor } from "../support/poll";

const connect = async (token: string) => openSocket(await socketTicket(token));

const logout = (token: string) =>
  exports.default.fetch("http://localhost/api/v1/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } });

const changedElsewhere: LiveMessage = {
  type: "transcript_changed",
  file_id: "f1",
  utterance_ids: [],
  removed_utterance_ids: [],
  details_changed: true,
  client_id: null,
};

describe("live channel", () => {
  it("delivers a user's events to every open tab of that user only", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const aliceTab1 = await connect(alice.token);
    const aliceTab2 = await connect(alice.token);
    const bobTab = await connect(bob.token);
    expect([aliceTab1.status, aliceTab2.status, bobTab.status]).toEqual([101, 101, 101]);
    await until(() => aliceTab1.raw.length > 0 && aliceTab2.raw.length > 0 && bobTab.raw.length > 0);

    const event: LiveMessage = {
      type: "file_status_changed",
      file_id: "f1",
      file: { status: "ready", has_transcript: true, name: "a.wav" },
      message: "Transcription completed",
    };
    const delivered = await (await personChannel(env, alice.id)).publish(event);
    expect(delivered).toBe(2);
    expect(await until(() => aliceTab1.raw.some((m) => m.includes("file_status_changed")))).toBe(true);
    expect(await until(() => aliceTab2.raw.some((m) => m.includes("file_status_changed")))).toBe(true);
    expect(JSON.parse(aliceTab1.raw.find((m) => m.includes("file_status_changed"))!)).toEqual(event);

    await quietFor(100);
    expect(bobTab.raw.some((m) => m.includes("file_status_changed"))).toBe(false);
    for (const tab of [aliceTab1, aliceTab2, bobTab]) tab.socket?.close();
  });

  it("answers the heartbeat", async () => {
    const user = await createUser("ping");
    const tab = await connect(user.token);
    tab.socket!.send("ping");
    expect(await until(() => tab.raw.includes("pong"))).toBe(true);
    tab.socket!.close();
  });

  it("opens only with a fresh ticket: never the bearer token, never twice, never expired", async () => {
    const user = await createUser("tickets");
    expect((await openSocket("")).status).toBe(401);
    expect((await openSocket("not-a-ticket")).status).toBe(401);
    // The 30-day token itself is refused in the URL.
    expect((await openSocket(user.token)).status).toBe(401);
    // No ticket without signing in.
    expect((await exports.default.fetch("http://localhost/api/v1/cable/ticket", { method: "POST" })).status).toBe(401);

    const ticket = await socketTicket(user.token);
    const first = await openSocket(ticket);
    expect(first.status).toBe(101);
    expect((await openSocket(ticket)).status).toBe(401);
    first.socket!.close();

    // Two tabs racing with one ticket: exactly one gets in.
    const shared = await socketTicket(user.token);
    const raced = await Promise.all([openSocket(shared), openSocket(shared)]);
    expect(raced.map((r) => r.status).sort()).toEqual([101, 401]);
    for (const r of raced) r.socket?.close();

    const stale = await socketTicket(user.token);
    await env.DB.prepare("UPDATE socket_tickets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE ticket_hash = ?")
      .bind(await sha256Hex(stale))
      .run();
    expect((await openSocket(stale)).status).toBe(401);

    // A ticket of a session that ended before it was used is worthless.
    const orphan = await socketTicket(user.token);
    expect((await logout(user.token)).status).toBe(200);
    expect((await openSocket(orphan)).status).toBe(401);
  });

  it("closes a session's sockets within a second of its logout, and only that session's", async () => {
    const account = await signUpAndConfirm();
    const phone = (await loginAs(account)).token;
    const laptop = (await loginAs(account)).token;
    const phoneTab = await connect(phone);
    const laptopTab = await connect(laptop);
    expect([phoneTab.status, laptopTab.status]).toEqual([101, 101]);
    await until(() => phoneTab.raw.length > 0 && laptopTab.raw.length > 0);

    expect((await logout(phone)).status).toBe(200);
    expect(await until(() => phoneTab.closed() !== null, 1000)).toBe(true);
    expect(phoneTab.closed()!.code).toBe(CLOSE_CODES.sessionEnded);
    await quietFor(100);
    expect(laptopTab.closed()).toBeNull();
    laptopTab.socket!.close();
  });

  it("closes every socket of the user within a second of a password reset", async () => {
    const account = await signUpAndConfirm();
    const tabs = [await connect((await loginAs(account)).token), await connect((await loginAs(account)).token)];
    await until(() => tabs.every((t) => t.raw.length > 0));
    expect((await post("/auth/forgot-password", { email: account.email })).status).toBe(200);
    const token = linkToken(await latestMail(account.email), "/reset-password");
    const reset = await post("/auth/reset-password", {
      token,
      password: "a brand new passphrase",
      password_confirmation: "a brand new passphrase",
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: expect.any(String) });
    expect(await until(() => tabs.every((t) => t.closed() !== null), 1000)).toBe(true);
    expect(tabs.map((t) => t.closed()!.code)).toEqual([CLOSE_CODES.sessionEnded, CLOSE_CODES.sessionEnded]);
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per user, closing the oldest`, async () => {
    const user = await createUser("many");
    const tabs: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER + 1; i++) {
      tabs.push(await connect(user.token));
      await until(() => tabs.at(-1)!.raw.length > 0);
    }
    expect(await until(() => tabs[0]!.closed() !== null)).toBe(true);
    expect(tabs[0]!.closed()!.code).toBe(CLOSE_CODES.tooManySockets);
    expect(tabs.slice(1).every((t) => t.closed() === null)).toBe(true);
    expect(await (await personChannel(env, user.id)).publish(changedElsewhere)).toBe(MAX_SOCKETS_PER_USER);
    for (const t of tabs) t.socket?.close();
  });

  it("asks for a WebSocket upgrade", async () => {
    const user = await createUser("plain");
    const res = await exports.default.fetch(`http://localhost/cable?token=${await socketTicket(user.token)}`);
    expect(res.status).toBe(426);
  });
});
