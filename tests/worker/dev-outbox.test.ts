import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import { app } from "../../worker/app";
import { apiRequest, expectOk, outbox, signUp, typedApi, uniqueEmail } from "./helpers";

describe("GET /dev/outbox", () => {
  it("lists sent mail newest first with to, subject, text, html and created_at", async () => {
    const first = await signUp();
    const second = await signUp();
    await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email: first.email } }));

    const body = await expectOk(await typedApi().dev.outbox.$get());
    const mails: Record<string, unknown>[] = body.data;
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(["created_at", "html", "subject", "text", "to"]);
    }
    const ours = mails.filter((m) => m.to === first.email || m.to === second.email);
    expect(ours.map((m) => [m.to, /reset/i.test(String(m.subject)) ? "reset" : "confirm"])).toEqual([
      [first.email, "reset"],
      [second.email, "confirm"],
      [first.email, "confirm"],
    ]);
    for (const mail of ours) {
      expect(typeof mail.text).toBe("string");
      expect(mail.html).toMatch(/<a href="http:\/\/localhost\//);
      expect(Number.isNaN(Date.parse(String(mail.created_at)))).toBe(false);
    }
    const times = ours.map((m) => Date.parse(String(m.created_at)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("stays empty for addresses nothing was sent to", async () => {
    const email = uniqueEmail("silent");
    await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email } }));
    expect((await outbox()).some((m) => m.to === email)).toBe(false);
  });

  it("answers 404 outside development", async () => {
    const production = Object.create(env, { ENVIRONMENT: { value: "production" }, PASSWORD_HASH_COST: { value: "standard" } }) as Env;
    const ctx = createExecutionContext();
    const res = await app.fetch(apiRequest("GET", "/dev/outbox"), production, ctx);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: MESSAGES.notFound });

    // The same request in development is served, so the 404 comes from the environment check.
    const dev = await app.fetch(apiRequest("GET", "/dev/outbox"), env, ctx);
    expect(dev.status).toBe(200);
    await waitOnExecutionContext(ctx);
  });
});
