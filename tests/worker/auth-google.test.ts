import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SignJWT, generateKeyPair, importJWK, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import { app } from "../../worker/app";
import { GOOGLE_TEST_CLIENT_ID } from "../support/google-constants";
import { apiRequest, get, login, loginAs, post, signUp, signUpAndConfirm, uniqueEmail, userRow, validate } from "./helpers";

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

let googleKey: SigningKey;
let strangerKey: SigningKey;

beforeAll(async () => {
  googleKey = await importJWK(env.TEST_GOOGLE_PRIVATE_JWK, "RS256");
  // Same kid as Google's key, but a different key pair.
  strangerKey = (await generateKeyPair("RS256")).privateKey;
});

interface TokenOptions {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  issuer?: string;
  audience?: string;
  key?: SigningKey;
  kid?: string;
  expiresAt?: number | string;
  issuedAt?: number;
  omit?: (keyof JWTPayload | "email")[];
}

async function googleToken(opts: TokenOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {
    email: opts.email ?? uniqueEmail("google"),
    email_verified: opts.email_verified ?? true,
    name: opts.name ?? "Margaret Hamilton",
  };
  for (const key of opts.omit ?? []) delete claims[key];
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: opts.kid ?? "test-key" })
    .setIssuer(opts.issuer ?? "https://accounts.google.com")
    .setAudience(opts.audience ?? GOOGLE_TEST_CLIENT_ID)
    .setIssuedAt(opts.issuedAt)
    .setExpirationTime(opts.expiresAt ?? "1h");
  if (!opts.omit?.includes("sub")) jwt.setSubject(opts.sub ?? `google-${crypto.randomUUID()}`);
  return jwt.sign(opts.key ?? googleKey);
}

const googleSignIn = (id_token: unknown) => post("/auth/google", id_token === undefined ? {} : { id_token });

async function expectRefused(idToken: string, message: string = MESSAGES.googleTokenInvalid) {
  const { status, body } = await googleSignIn(idToken);
  expect(status).toBe(401);
  expect(body).toEqual({ error: message });
}

describe("GET /auth/config", () => {
  it("exposes the Google client id", async () => {
    const { status, body } = await get("/auth/config");
    expect(status).toBe(200);
    expect(body).toEqual({ google_client_id: GOOGLE_TEST_CLIENT_ID });
  });
});

describe("POST /auth/google", () => {
  it("creates a confirmed account for a new Google user and signs it in", async () => {
    const email = uniqueEmail("fresh");
    const sub = `google-${crypto.randomUUID()}`;
    const idToken = await googleToken({ email, sub, name: "Margaret Hamilton" });
    // Real RS256 ID tokens are well over 512 characters.
    expect(idToken.length).toBeGreaterThan(512);
    const { status, body } = await googleSignIn(idToken);
    expect(status).toBe(200);
    expect(typeof body.token).toBe("string");
    expect(body.user).toMatchObject({ email, full_name: "Margaret Hamilton", email_confirmed: true });

    const row = await userRow(email);
    expect(row!.id).toBe(body.user.id);
    expect(row!.google_sub).toBe(sub);
    expect(row!.password_hash).toBeNull();
    expect(row!.email_confirmed_at).not.toBeNull();

    const check = await validate(body.token);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true, user: body.user });
  });

  it("signs the same Google user into the same account next time", async () => {
    const sub = `google-${crypto.randomUUID()}`;
    const email = uniqueEmail("returning");
    const first = await googleSignIn(await googleToken({ sub, email }));
    const second = await googleSignIn(await googleToken({ sub, email }));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it("lower-cases the Google e-mail and falls back to its local part for a missing name", async () => {
    const local = `NoName-${crypto.randomUUID()}`;
    const { status, body } = await googleSignIn(await googleToken({ email: `${local}@Example.com`, omit: ["name"] }));
    expect(status).toBe(200);
    expect(body.user.email).toBe(`${local.toLowerCase()}@example.com`);
    expect(body.user.full_name).toBe(local.toLowerCase());
  });

  it("does not give a Google-only account a usable password", async () => {
    const email = uniqueEmail("google-only");
    expect((await googleSignIn(await googleToken({ email }))).status).toBe(200);
    const { status, body } = await login(email, "any password at all");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.invalidCredentials });
  });

  it("links a confirmed password account with the same e-mail (same user id, password still works)", async () => {
    const account = await signUpAndConfirm();
    const { user: before } = await loginAs(account);
    const sub = `google-${crypto.randomUUID()}`;

    const { status, body } = await googleSignIn(await googleToken({ email: account.email.toUpperCase(), sub }));
    expect(status).toBe(200);
    expect(body.user.id).toBe(before.id);
    expect(body.user.email).toBe(account.email);
    expect((await userRow(account.email))!.google_sub).toBe(sub);
    expect((await validate(body.token)).status).toBe(200);

    expect((await login(account.email, account.password)).status).toBe(200);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(account.email).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("links an unconfirmed password account, confirms it and drops the unproven password", async () => {
    const account = await signUp();
    const id = (await userRow(account.email))!.id;

    const { status, body } = await googleSignIn(await googleToken({ email: account.email }));
    expect(status).toBe(200);
    expect(body.user.id).toBe(id);
    expect(body.user.email_confirmed).toBe(true);

    const { status: loginStatus } = await login(account.email, account.password);
    expect(loginStatus).toBe(401);
  });

  it("accepts the issuer without scheme (accounts.google.com)", async () => {
    expect((await googleSignIn(await googleToken({ issuer: "accounts.google.com" }))).status).toBe(200);
  });

  it("refuses a token for another audience (401)", async () => {
    await expectRefused(await googleToken({ audience: "someone-else.apps.googleusercontent.com" }));
  });

  it("refuses a token from another issuer (401)", async () => {
    await expectRefused(await googleToken({ issuer: "https://evil.example.com" }));
  });

  it("refuses an expired token (401)", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await googleToken({ issuedAt: now - 7200, expiresAt: now - 3600 }));
  });

  it("refuses a token signed by another key (401)", async () => {
    await expectRefused(await googleToken({ key: strangerKey }));
  });

  it("refuses a token whose key id Google does not publish (401)", async () => {
    await expectRefused(await googleToken({ key: strangerKey, kid: "unknown-key" }));
  });

  it("refuses a token with a tampered payload (401)", async () => {
    const token = await googleToken({ email: uniqueEmail("victim") });
    const [header, , signature] = token.split(".");
    const payload = btoa(
      JSON.stringify({
        email: uniqueEmail("attacker"),
        email_verified: true,
        iss: "https://accounts.google.com",
        aud: GOOGLE_TEST_CLIENT_ID,
        sub: "attacker",
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    await expectRefused(`${header}.${payload}.${signature}`);
  });

  it("refuses an unsigned (alg: none) token (401)", async () => {
    const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${enc({ alg: "none", typ: "JWT" })}.${enc({
      email: uniqueEmail("none"),
      email_verified: true,
      iss: "https://accounts.google.com",
      aud: GOOGLE_TEST_CLIENT_ID,
      sub: "none",
      iat: now,
      exp: now + 3600,
    })}.`;
    await expectRefused(unsigned);
  });

  it("refuses a garbage token (401)", async () => {
    await expectRefused("this-is-not-a-jwt");
  });

  it("refuses an unverified Google e-mail with its own message (401) and creates nothing", async () => {
    const email = uniqueEmail("unverified");
    await expectRefused(await googleToken({ email, email_verified: false }), MESSAGES.googleEmailUnverified);
    expect(await userRow(email)).toBeNull();
  });

  it("does not link an existing account when the Google e-mail is unverified", async () => {
    const account = await signUpAndConfirm();
    await expectRefused(await googleToken({ email: account.email, email_verified: false }), MESSAGES.googleEmailUnverified);
    expect((await userRow(account.email))!.google_sub).toBeNull();
  });

  it("refuses a token without an e-mail (401)", async () => {
    await expectRefused(await googleToken({ omit: ["email"] }));
  });

  it("refuses a token without a subject (401)", async () => {
    await expectRefused(await googleToken({ omit: ["sub"] }));
  });

  it("requires id_token (422)", async () => {
    const { status, body } = await googleSignIn(undefined);
    expect(status).toBe(422);
    expect(body).toEqual({ error: MESSAGES.googleTokenInvalid });

    expect((await googleSignIn("")).status).toBe(422);
    expect((await googleSignIn(12345)).status).toBe(422);
    expect((await googleSignIn("x".repeat(10_000))).status).toBe(422);
  });

  it("answers 400 'not configured' when no Google client id is set", async () => {
    const unconfigured = Object.create(env, { GOOGLE_CLIENT_ID: { value: "" } }) as Env;
    const ctx = createExecutionContext();

    const res = await app.fetch(apiRequest("POST", "/auth/google", { id_token: await googleToken() }), unconfigured, ctx);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MESSAGES.googleNotConfigured });

    const config = await app.fetch(apiRequest("GET", "/auth/config"), unconfigured, ctx);
    expect(await config.json()).toEqual({ google_client_id: null });
    await waitOnExecutionContext(ctx);
  });
});
