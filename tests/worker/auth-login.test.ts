import { env } from "cloudflare:workers";
import { SignJWT, decodeJwt } from "jose";
import { Buffer } from "node:buffer";
import { scrypt } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import { scryptParamsFor } from "../../worker/auth/password";
import { getConfig } from "../../worker/config";
import {
  type Account,
  expectOk,
  get,
  login,
  loginAs,
  PAST,
  post,
  signUp,
  signUpAndConfirm,
  uniqueEmail,
  userRow,
  typedApi,
  validate,
} from "./helpers";

const DEFAULT_PREFERENCES = {
  theme: "light",
  sidebar: { files_collapsed: false, tools_collapsed: false },
  tutorials: { shown: [], skip_all: false },
  transcription_service: null,
  transcript: { utterance_meta_column: false },
  playback: { skip_seconds: 5, backstep_seconds: 1, pause_while_typing: false, typing_resume_ms: 1500 },
  notifications: { email_when_done: "long_files_only", email_mentions: true },
  transcription: { vocabulary: [], defaults: { language: null, vocabulary: [], speakers: "detect" } },
};

// Logins are rate limited per e-mail (10 a minute), so every test uses its own account.
let account: Account;
beforeEach(async () => {
  account = await signUpAndConfirm({ fullName: "Katherine Johnson" });
});

describe("POST /auth/login", () => {
  it("answers 200 with a token and the public user", async () => {
    const { status, body } = await login(account.email, account.password);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect(typeof body.token).toBe("string");
    expect(body.token.length).toBeGreaterThan(20);

    const row = await userRow(account.email);
    expect(body.user).toEqual({
      id: row!.id,
      email: account.email,
      full_name: "Katherine Johnson",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
      email_confirmed: true,
      preferences: DEFAULT_PREFERENCES,
    });
    // Nothing secret leaks into the answer.
    expect(JSON.stringify(body)).not.toContain("scrypt");
    expect(JSON.stringify(body)).not.toContain(account.password);
  });

  it("accepts the e-mail in any case and with surrounding spaces", async () => {
    const { status, body } = await login(`  ${account.email.toUpperCase()} `, account.password);
    expect(status).toBe(200);
    expect(body.user.email).toBe(account.email);
  });

  it("refuses a wrong password with 401 'Invalid email or password'", async () => {
    const { status, body } = await login(account.email, "wrong password!");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.invalidCredentials });
    expect(body.error).toBe("Invalid email or password");
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const { status, body } = await login(uniqueEmail("ghost"), "whatever-password");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.invalidCredentials });
  });

  it("refuses an unconfirmed account with 403, but only once the password is right", async () => {
    const unconfirmed = await signUp();
    const right = await login(unconfirmed.email, unconfirmed.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ error: MESSAGES.emailNotConfirmed });
    expect(right.body).not.toHaveProperty("token");

    const wrong = await login(unconfirmed.email, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: MESSAGES.invalidCredentials });
  });

  it("validates the payload (422)", async () => {
    const noPassword = await post("/auth/login", { email: account.email });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body).toEqual({ error: MESSAGES.passwordRequired });

    const empty = await post("/auth/login", {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual(expect.arrayContaining([MESSAGES.emailRequired, MESSAGES.passwordRequired]));
  });

  it("rehashes a password stored with weaker scrypt parameters on the next login", async () => {
    const weak = await signUpAndConfirm();
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(weak.password.normalize("NFKC"), salt, 32, { N: 256, r: 8, p: 1 }, (err, k) => (err ? reject(err) : resolve(k))),
    );
    const weakHash = `scrypt$256$8$1$${Buffer.from(salt).toString("base64")}$${key.toString("base64")}`;
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE email = ?").bind(weakHash, weak.email).run();

    expect((await login(weak.email, weak.password)).status).toBe(200);
    const rehashed = (await userRow(weak.email))!.password_hash!;
    expect(rehashed).not.toBe(weakHash);
    const { N, r, p } = scryptParamsFor(getConfig(env).PASSWORD_HASH_COST);
    expect(rehashed.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    // And the new hash still verifies.
    expect((await login(weak.email, weak.password)).status).toBe(200);
  });
});

describe("GET /auth/validate", () => {
  it("answers {valid: true, user} for a live token", async () => {
    const { token, user } = await loginAs(account);
    const { status, body } = await validate(token);
    expect(status).toBe(200);
    expect(body).toEqual({ valid: true, user });
  });

  it("refuses a request without a token (401)", async () => {
    const { status, body } = await get("/auth/validate");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.unauthorized });
  });

  it("refuses non-Bearer authorization (401)", async () => {
    const { token } = await loginAs(account);
    const { status } = await get("/auth/validate", { headers: { authorization: `Basic ${token}` } });
    expect(status).toBe(401);
  });

  it("refuses a garbage token (401)", async () => {
    const { status, body } = await validate("not.a.jwt");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.sessionExpired });
  });

  it("refuses a token signed with another secret (401)", async () => {
    const { token } = await loginAs(account);
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub!)
      .setIssuer(claims.iss!)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret-0123456789abcdef0123456789"));
    expect((await validate(forged)).status).toBe(401);
  });

  it("refuses a correctly signed token naming an unknown session (401)", async () => {
    const { user } = await loginAs(account);
    const forged = await new SignJWT({ sid: "no-such-session" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("transcribe-edge")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await validate(forged)).status).toBe(401);
  });

  it("refuses a token whose session belongs to another user (401)", async () => {
    const other = await signUpAndConfirm();
    const { token: otherToken } = await loginAs(other);
    const { user } = await loginAs(account);
    const forged = await new SignJWT({ sid: decodeJwt(otherToken).sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("transcribe-edge")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await validate(forged)).status).toBe(401);
    expect((await validate(otherToken)).status).toBe(200);
  });

  it("refuses a token whose JWT has expired (401)", async () => {
    const { token } = await loginAs(account);
    const claims = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub!)
      .setIssuer(claims.iss!)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await validate(expired)).status).toBe(401);
    // The session itself is still alive: the genuine token for it still passes.
    expect((await validate(token)).status).toBe(200);
  });

  it("refuses a token whose session has expired server-side (401)", async () => {
    const { token } = await loginAs(account);
    expect((await validate(token)).status).toBe(200);
    const sid = decodeJwt(token).sid as string;
    const update = await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(PAST, sid).run();
    expect(update.meta.changes).toBe(1);
    const { status, body } = await validate(token);
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.sessionExpired });
  });
});

describe("POST /auth/logout", () => {
  it("revokes only the session it is called with", async () => {
    const first = await loginAs(account);
    const second = await loginAs(account);
    expect(first.token).not.toBe(second.token);

    const body = await expectOk(await typedApi({ token: first.token }).auth.logout.$post());
    expect(body).toEqual({ message: MESSAGES.loggedOut });

    expect((await validate(first.token)).status).toBe(401);
    expect((await post("/auth/logout", undefined, { token: first.token })).status).toBe(401);
    expect((await validate(second.token)).status).toBe(200);

    const row = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?")
      .bind(decodeJwt(first.token).sid as string)
      .first<{ revoked_at: string | null }>();
    expect(row?.revoked_at).not.toBeNull();
  });

  it("requires a token (401)", async () => {
    const { status, body } = await post("/auth/logout");
    expect(status).toBe(401);
    expect(body).toEqual({ error: MESSAGES.unauthorized });
  });

  it("does not stop the user from signing in again", async () => {
    const { token } = await loginAs(account);
    await expectOk(await typedApi({ token }).auth.logout.$post());
    const again = await loginAs(account);
    expect((await validate(again.token)).status).toBe(200);
  });
});
