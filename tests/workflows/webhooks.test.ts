// Webhooks (docs/api.md, Webhooks): a workspace's owners register receivers; events reach them
// signed through the webhook queue, failures are retried and logged, redirects are not
// followed, and a receiver that keeps failing is turned off with an e-mail to the owners.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from "../../common/webhooks";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { type Json, latestMail } from "../worker/helpers";
import { createUser, expectStatus, type TestUser } from "../worker/library-helpers";
import { deliver, processingFile } from "../worker/retranscribe-helpers";
import { updateWords, userWithTranscript, utterances } from "../worker/transcript-helpers";
import { as, team } from "../worker/workspace-helpers";
import { eventually } from "../support/poll";

const receiver = (path: string) => `${FAKE_RECEIVER_ORIGIN}${path}`;

async function received(key: string): Promise<{ path: string; headers: Record<string, string>; body: string }[]> {
  return (await fetch(receiver(`/received/${key}`))).json();
}

async function hook(user: TestUser, path: string, events: string[] = ["file.ready"], workspaceId?: string): Promise<Json> {
  return expectStatus(await as(user, "POST", "/webhooks", { url: receiver(path), events, workspace_id: workspaceId }), 201).data;
}

const deliveries = async (user: TestUser, id: string): Promise<Json[]> =>
  expectStatus(await as(user, "GET", `/webhooks/${id}/deliveries`), 200).data;

/** Reads until `ok` holds (the local queue delivers within a second or two) or time is up; answers the last read. */

const logged = (user: TestUser, id: string, n: number) =>
  eventually(
    () => deliveries(user, id),
    (list) => list.length >= n,
  );
const bodiesAt = async (key: string): Promise<Json[]> => (await received(key)).map((r) => JSON.parse(r.body));

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("webhooks", { timeout: 120_000 }, () => {
  it("are managed by the workspace's owners, show their secret once, and refuse addresses that are not public", async () => {
    const t = await team();
    const key = crypto.randomUUID();
    const made = await hook(t.owner, `/ok/${key}`, ["file.ready", "file.ready", "export.completed"], t.workspace.id);
    expect(made).toMatchObject({
      workspace_id: t.workspace.id,
      events: ["file.ready", "export.completed"],
      enabled: true,
      failure_count: 0,
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [listed] = expectStatus(await as(t.owner, "GET", `/webhooks?workspace_id=${t.workspace.id}`), 200).data;
    expect(listed.id).toBe(made.id);
    expect(listed.secret).toBeUndefined();
    // The secret is not in the database as it is.
    const stored = await env.DB.prepare("SELECT secret FROM webhooks WHERE id = ?").bind(made.id).first<string>("secret");
    expect(stored).not.toContain(made.secret);

    expectStatus(
      await as(t.editor, "POST", "/webhooks", { url: receiver("/ok/x"), events: ["file.ready"], workspace_id: t.workspace.id }),
      403,
    );
    expectStatus(await as(t.editor, "PATCH", `/webhooks/${made.id}`, { enabled: false }), 403);
    expectStatus(await as(t.stranger, "PATCH", `/webhooks/${made.id}`, { enabled: false }), 404);
    expectStatus(await as(t.stranger, "GET", `/webhooks/${made.id}/deliveries`), 404);
    expectStatus(await as(t.stranger, "GET", `/webhooks?workspace_id=${t.workspace.id}`), 404);

    const refuse = async (url: string, error: string) =>
      expect(expectStatus(await as(t.owner, "POST", "/webhooks", { url, events: ["file.ready"] }), 422).error).toBe(error);
    await refuse("http://hooks.example.net/x", WEBHOOK_MESSAGES.urlInvalid);
    for (const url of [
      "https://10.0.0.8/x",
      "https://169.254.169.254/latest/meta-data",
      "https://167772161/x",
      "https://[fe80::1]/x",
      "https://[::ffff:192.168.1.1]/x",
      "https://metadata.google.internal/x",
      "https://printer.local/x",
    ])
      await refuse(url, WEBHOOK_MESSAGES.urlNotPublic);
    await refuse("https://user:pw@hooks.example.net/x", WEBHOOK_MESSAGES.urlCredentials);
    expect(expectStatus(await as(t.owner, "POST", "/webhooks", { url: receiver("/ok/x"), events: [] }), 422).error).toBe(
      WEBHOOK_MESSAGES.eventsRequired,
    );
    expectStatus(await as(t.owner, "POST", "/webhooks", { url: receiver("/ok/x"), events: ["file.deleted"] }), 422);

    expect(expectStatus(await as(t.owner, "PATCH", `/webhooks/${made.id}`, { events: ["file.failed"] }), 200).data.events).toEqual([
      "file.failed",
    ]);
    expectStatus(await as(t.owner, "DELETE", `/webhooks/${made.id}`), 200);
    expectStatus(await as(t.owner, "GET", `/webhooks/${made.id}/deliveries`), 404);
  });

  it("signs each delivery so the receiver can check it", async () => {
    const user = await createUser("hooks-sign");
    const key = crypto.randomUUID();
    const made = await hook(user, `/ok/${key}`);
    const queued = expectStatus(await as(user, "POST", `/webhooks/${made.id}/test`), 202).data;
    const [delivery] = await logged(user, made.id, 1);
    expect(delivery).toMatchObject({ event_id: queued.event_id, type: "webhook.test", attempt: 1, status_code: 200, error: null });

    const [request] = await received(key);
    const event = JSON.parse(request!.body);
    expect(event).toMatchObject({ id: queued.event_id, type: "webhook.test", data: { webhook_id: made.id } });
    expect(request!.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(queued.event_id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(request!.headers[WEBHOOK_HEADERS.signature.toLowerCase()] ?? "") ?? [];
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(await hmacHex(made.secret, `${t}.${request!.body}`));
    expect(v1).not.toBe(await hmacHex("whsec_wrong", `${t}.${request!.body}`));
  });

  it("retries a failing receiver and logs each attempt; never follows a redirect", async () => {
    const user = await createUser("hooks-retry");
    const key = crypto.randomUUID();
    const flaky = await hook(user, `/flaky-2/${key}`);
    expectStatus(await as(user, "POST", `/webhooks/${flaky.id}/test`), 202);
    const log = await logged(user, flaky.id, 3);
    expect(log.map((d) => [d.attempt, d.status_code]).reverse()).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(log.at(-1).error).toBe("receiver down");
    expect((await received(key)).length).toBe(3);
    expect(expectStatus(await as(user, "GET", "/webhooks"), 200).data[0].failure_count).toBe(0);

    const movedKey = crypto.randomUUID();
    const moved = await hook(user, `/moved/${movedKey}`);
    await env.DB.prepare("UPDATE webhooks SET failure_count = 0 WHERE id = ?").bind(moved.id).run();
    expectStatus(await as(user, "POST", `/webhooks/${moved.id}/test`), 202);
    const [first] = (await logged(user, moved.id, 1)).reverse();
    expect(first).toMatchObject({ status_code: 302, error: "Redirects are not followed" });
  });

  it("turns a receiver off after 20 failures in a row and tells the owners", async () => {
    const user = await createUser("hooks-off");
    const made = await hook(user, `/down/${crypto.randomUUID()}`);
    await env.DB.prepare("UPDATE webhooks SET failure_count = ? WHERE id = ?")
      .bind(WEBHOOK_LIMITS.disableAfterFailures - 1, made.id)
      .run();
    expectStatus(await as(user, "POST", `/webhooks/${made.id}/test`), 202);
    await logged(user, made.id, 1);
    const state = await eventually(
      async () => expectStatus(await as(user, "GET", "/webhooks"), 200).data[0],
      (h: Json) => h.enabled === false,
    );
    expect(state).toMatchObject({ enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledAfterFailures });
    expect((await latestMail(user.email)).subject).toContain("webhook");
    // Turning it back on starts counting again.
    expect(expectStatus(await as(user, "PATCH", `/webhooks/${made.id}`, { enabled: true }), 200).data).toMatchObject({
      enabled: true,
      failure_count: 0,
      disabled_reason: null,
    });
  });

  it("tells file.ready when a transcription finishes, and transcript.edited at most once a minute", async () => {
    const { user, fileId } = await userWithTranscript("hooks-events");
    const key = crypto.randomUUID();
    await hook(user, `/ok/${key}`, ["file.ready", "transcript.edited"]);

    const file = await processingFile(user);
    expect((await deliver(user, file)).explicitAcks).toHaveLength(1);
    let bodies = await eventually(
      () => bodiesAt(key),
      (list) => list.some((b) => b.type === "file.ready"),
    );
    expect(bodies.find((b) => b.type === "file.ready").data).toMatchObject({
      file_id: file.id,
      name: "meeting",
      status: "ready",
      workspace_id: user.id,
    });

    const [u] = await utterances(user, fileId);
    for (const text of ["One", "Two"]) {
      const words = u.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text } : { id: w.id }));
      expectStatus(await updateWords(user, fileId, u.id, { words }), 200);
    }
    await eventually(
      () => bodiesAt(key),
      (list) => list.some((b) => b.type === "transcript.edited"),
    );
    // A moment more: a second one would have arrived by now.
    await new Promise((r) => setTimeout(r, 2_000));
    bodies = await bodiesAt(key);
    expect(bodies.filter((b) => b.type === "transcript.edited").map((b) => b.data.file_id)).toEqual([fileId]);
  });
});
