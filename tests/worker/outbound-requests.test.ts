// Requests the app sends on a user's behalf (docs/security.md, Outbound requests): a webhook
// delivery reads only a short prefix of a receiver's answer and an import stops at its size cap,
// both letting the rest of a huge answer go unread; and in production both refuse every address
// that is not public, however it is spelt.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../common/imports";
import { QUOTA_MESSAGES } from "../../common/limits";
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from "../../common/webhooks";
import { getConfig } from "../../worker/config";
import worker from "../../worker/index";
import { FAKE_RECEIVER_ORIGIN } from "../support/fake-receiver";
import { apiRequest, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { as, settled } from "./workspace-helpers";
import { eventually } from "../support/poll";

const receiver = (path: string) => `${FAKE_RECEIVER_ORIGIN}${path}`;
const MB = 1024 * 1024;
/** The fake's huge answers: 256 MB at 8 MB a second, so 32 s to send whole. */
const HUGE = "mb=256&rate=8";
/** An app that has its result sooner than this did not read the whole answer (with room for a slow machine). */
const WELL_BEFORE_WHOLE_SECONDS = 16;

/** The Worker as deployed: the address rule has no local exceptions there. */
const production = Object.create(env, { ENVIRONMENT: { value: "production" }, PASSWORD_HASH_COST: { value: "standard" } }) as Env;

async function inProduction(user: TestUser, method: string, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await worker.fetch(apiRequest(method, path, body, { token: user.token }), production, createExecutionContext());
  return { status: res.status, body: await res.json() };
}

/** Spellings of local and private addresses that once passed the check. */
const NOT_PUBLIC = [
  "https://localhost./x",
  "https://LOCALHOST../x",
  "https://ｌｏｃａｌｈｏｓｔ/x",
  "https://metadata.google.internal./x",
  "https://[2002:a9fe:a9fe::1]/x", // 6to4 around 169.254.169.254
  "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x", // Teredo, client 127.0.0.1
  "https://[fec0::1]/x", // site-local
  "https://[::ffff:127.0.0.1]/x", // IPv4-mapped
  "https://[::127.0.0.1]/x", // IPv4-compatible
  "https://[64:ff9b::a9fe:a9fe]/x", // NAT64 around 169.254.169.254
];

describe("outbound requests", { timeout: 120_000 }, () => {
  it("a webhook delivery keeps a short prefix of a huge error answer and reads no further", async () => {
    const user = await createUser("outbound-hook");
    const key = crypto.randomUUID();
    const hook = expectStatus(
      await as(user, "POST", "/webhooks", { url: receiver(`/huge/${key}?${HUGE}`), events: ["file.ready"] }),
      201,
    ).data;
    const started = Date.now();
    expectStatus(await as(user, "POST", `/webhooks/${hook.id}/test`), 202);
    const [first] = (
      await eventually(
        async () => expectStatus(await as(user, "GET", `/webhooks/${hook.id}/deliveries`), 200).data as Json[],
        (list) => list.length > 0,
      )
    ).reverse();
    const seconds = (Date.now() - started) / 1000;
    expect(first).toMatchObject({ attempt: 1, status_code: 500 });
    expect(first.error).toMatch(/^receiver down x*$/);
    expect(first.error.length).toBe(WEBHOOK_LIMITS.errorLength);
    expect(seconds).toBeLessThan(WELL_BEFORE_WHOLE_SECONDS);
    // No more attempts at it: each retry would start another answer.
    expectStatus(await as(user, "DELETE", `/webhooks/${hook.id}`), 200);
    console.log(`webhook delivery to a 256 MB answer (32 s to send whole): logged after ${seconds.toFixed(1)} s`);
  });

  it("an import stops at the storage room left, cancels the source and keeps nothing", async () => {
    const user = await createUser("outbound-import");
    // One file takes all but 4 MB of the user's storage.
    const small = expectStatus(await as(user, "POST", "/audio_files/import", { url: receiver("/media/small.wav") }), 202).data;
    await settled(user, small.id);
    const quotaGb = getConfig(env).QUOTA_STORAGE_GB;
    await env.DB.prepare("UPDATE audio_files SET file_size = ? WHERE id = ?")
      .bind(quotaGb * 1024 ** 3 - 4 * MB, small.id)
      .run();

    const started = Date.now();
    const link = receiver(`/huge/${crypto.randomUUID()}.wav?${HUGE}`);
    const file = expectStatus(await as(user, "POST", "/audio_files/import", { url: link }), 202).data;
    const done = await settled(user, file.id);
    const seconds = (Date.now() - started) / 1000;
    expect(done).toMatchObject({ status: "failed", failureReason: QUOTA_MESSAGES.storage(quotaGb), fileSize: 0 });
    expect(seconds).toBeLessThan(WELL_BEFORE_WHOLE_SECONDS);
    const storageKey = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(file.id).first<string>("storage_key");
    expect(await env.MEDIA.head(storageKey!)).toBeNull();
    console.log(`import of a 256 MB answer (32 s to send whole) into 4 MB of room: failed after ${seconds.toFixed(1)} s`);
  });

  it("in production, webhooks refuse local names with trailing dots and IPv6 forms that carry private addresses", async () => {
    const user = await createUser("outbound-hook-addresses");
    for (const url of NOT_PUBLIC) {
      const refused = await inProduction(user, "POST", "/webhooks", { url, events: ["file.ready"] });
      expect([url, refused.status, refused.body]).toEqual([url, 422, { error: WEBHOOK_MESSAGES.urlNotPublic }]);
    }
    // The same request to a public receiver is taken, so the refusals are the address rule's.
    expect((await inProduction(user, "POST", "/webhooks", { url: receiver("/ok/x"), events: ["file.ready"] })).status).toBe(201);
  });

  it("in production, imports refuse local names with trailing dots and IPv6 forms that carry private addresses", async () => {
    const user = await createUser("outbound-import-addresses");
    for (const url of NOT_PUBLIC) {
      const refused = await inProduction(user, "POST", "/audio_files/import", { url: url.replace(/\/x$/, "/a.wav") });
      expect([url, refused.status, refused.body]).toEqual([url, 422, { error: IMPORT_MESSAGES.notPublic }]);
    }
    expect((await inProduction(user, "POST", "/audio_files/import", { url: receiver("/media/public.wav") })).status).toBe(202);
  });
});
