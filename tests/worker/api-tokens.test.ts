// Personal API tokens: created with the secret shown once (only a hash stored), listed
// without it, revoked at once; scopes enforced (a read token's writes are 403); never
// usable for the account's own routes or the live socket's ticket; expiry; rate limit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES } from "../../common/api-tokens";
import { MESSAGES } from "../../common/messages";
import { call, PAST, sha256Hex } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";

const newToken = async (user: TestUser, body: Record<string, unknown> = {}) =>
  expectStatus(
    await call("POST", "/tokens", { name: "Nightly upload", scopes: ["read"], expires_in_days: 30, ...body }, { token: user.token }),
    201,
  ).data;
const withToken = (token: string, method: string, path: string, body?: unknown) => call(method, path, body, { token });

describe("API tokens", { timeout: 60_000 }, () => {
  it("shows the secret once, stores only its hash, and lists tokens without it", async () => {
    const user = await createUser("tok-create");
    const before = Date.now();
    const created = await newToken(user, { scopes: ["read", "write"] });
    expect(created).toMatchObject({ name: "Nightly upload", scopes: ["read", "write"], last_used_at: null });
    expect(created.token).toMatch(/^tr_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.token.slice(0, 7));
    expect(Date.parse(created.expires_at) - before).toBeGreaterThan(30 * 86_400_000 - 60_000);
    const row = await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?").bind(created.id).first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(`api-token:${created.token}`));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const { data } = expectStatus(await call("GET", "/tokens", undefined, { token: user.token }), 200);
    const { token: _secret, ...listed } = created;
    expect(data).toEqual([listed]);
  });

  it("authenticates /api/v1 with its scopes: a read token reads, and its writes are 403", async () => {
    const user = await createUser("tok-scopes");
    const read = (await newToken(user, { scopes: ["read"] })).token;
    const write = (await newToken(user, { scopes: ["read", "write"] })).token;
    expectStatus(await withToken(read, "GET", "/audio_files"), 200);
    expectStatus(await withToken(read, "GET", "/folders"), 200);
    expect(await withToken(read, "POST", "/folders", { folder: { name: "From a script" } })).toMatchObject({
      status: 403,
      body: { error: API_TOKEN_MESSAGES.readOnly },
    });
    expect(expectStatus(await withToken(read, "GET", "/folders"), 200).data).toEqual([]);
    expectStatus(await withToken(write, "POST", "/folders", { folder: { name: "From a script" } }), 201);
    // Last use is recorded.
    await expect
      .poll(
        async () =>
          (await env.DB.prepare("SELECT last_used_at FROM api_tokens WHERE user_id = ? AND can_write = 0").bind(user.id).first())
            ?.last_used_at,
      )
      .not.toBeNull();
  });

  it("never opens the account's own routes or the live socket's ticket", async () => {
    const user = await createUser("tok-account");
    const token = (await newToken(user, { scopes: ["read", "write"] })).token;
    for (const [method, path, body] of [
      ["GET", "/tokens", undefined],
      ["POST", "/tokens", { name: "x", scopes: ["read"], expires_in_days: null }],
      ["POST", "/auth/logout", {}],
      ["POST", "/cable/ticket", {}],
      ["PUT", "/preferences", { preferences: {} }],
    ] as const) {
      const res = await withToken(token, method, path, body);
      expect([res.status, res.body], `${method} ${path}`).toEqual([403, { error: API_TOKEN_MESSAGES.sessionOnly }]);
    }
    // The session that created it still works.
    expectStatus(await call("GET", "/tokens", undefined, { token: user.token }), 200);
  });

  it("stops working at once when revoked or expired; another user's token is 404 to revoke", async () => {
    const user = await createUser("tok-revoke");
    const other = await createUser("tok-revoke-other");
    const created = await newToken(user);
    expectStatus(await withToken(created.token, "GET", "/audio_files"), 200);
    expect(await call("DELETE", `/tokens/${created.id}`, undefined, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: API_TOKEN_MESSAGES.notFound },
    });
    expectStatus(await call("DELETE", `/tokens/${created.id}`, undefined, { token: user.token }), 200);
    expect(await withToken(created.token, "GET", "/audio_files")).toMatchObject({ status: 401, body: { error: MESSAGES.sessionExpired } });

    const expiring = await newToken(user);
    await env.DB.prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?").bind(PAST, expiring.id).run();
    expect(await withToken(expiring.token, "GET", "/audio_files")).toMatchObject({ status: 401 });
    expect(await withToken(`tr_${"A".repeat(43)}`, "GET", "/audio_files")).toMatchObject({ status: 401 });
  });

  it("validates names, scopes and expiry, and caps tokens per user", async () => {
    const user = await createUser("tok-validate");
    for (const [body, error] of [
      [{ name: "", scopes: ["read"], expires_in_days: null }, API_TOKEN_MESSAGES.nameRequired],
      [{ name: "a\nb", scopes: ["read"], expires_in_days: null }, API_TOKEN_MESSAGES.nameControls],
      [{ name: "x", scopes: ["write"], expires_in_days: null }, API_TOKEN_MESSAGES.scopes],
      [{ name: "x", scopes: ["admin"], expires_in_days: null }, API_TOKEN_MESSAGES.scopes],
      [{ name: "x", scopes: ["read"], expires_in_days: 0 }, API_TOKEN_MESSAGES.expiry],
      [{ name: "x", scopes: ["read"], expires_in_days: 366 }, API_TOKEN_MESSAGES.expiry],
    ] as const) {
      const res = await call("POST", "/tokens", body, { token: user.token });
      expect([res.status, res.body], JSON.stringify(body)).toEqual([422, { error }]);
    }
    const forever = await newToken(user, { expires_in_days: null });
    expect(forever.expires_at).toBeNull();
    const unsaid = expectStatus(await call("POST", "/tokens", { name: "No expiry said", scopes: ["read"] }, { token: user.token }), 201);
    expect(unsaid.data.expires_at).toBeNull();
    await Promise.all(
      Array.from({ length: API_TOKEN_LIMITS.perUser + 2 }, () =>
        call("POST", "/tokens", { name: "n", scopes: ["read"], expires_in_days: 1 }, { token: user.token }),
      ),
    );
    expect(expectStatus(await call("GET", "/tokens", undefined, { token: user.token }), 200).data).toHaveLength(API_TOKEN_LIMITS.perUser);
    expect(await call("POST", "/tokens", { name: "n", scopes: ["read"], expires_in_days: 1 }, { token: user.token })).toMatchObject({
      status: 403,
      body: { error: API_TOKEN_MESSAGES.tooMany },
    });
  });
});
