import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD_CHANGE_MESSAGES } from "../../common/auth";
import { MESSAGES } from "../../common/messages";
import {
  type Account,
  call,
  latestMail,
  linkToken,
  login,
  loginAs,
  mailLink,
  mailsTo,
  expectOk,
  ORIGIN,
  PAST,
  post,
  sha256Hex,
  signUp,
  signUpAndConfirm,
  typedApi,
  uniqueEmail,
  userRow,
  validate,
} from "./helpers";

const NEW_PASSWORD = "a brand new passphrase";

async function requestReset(email: string): Promise<string> {
  await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email } }));
  return linkToken(await latestMail(email), "/reset-password");
}

const reset = (token: string, password = NEW_PASSWORD, password_confirmation = password) =>
  post("/auth/reset-password", { token, password, password_confirmation });

describe("POST /auth/forgot-password", () => {
  it("sends a /reset-password?token=… link to an existing account", async () => {
    const account = await signUpAndConfirm();
    const body = await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email: account.email } }));
    expect(body).toEqual({ message: MESSAGES.forgotPasswordSent });

    const mail = await latestMail(account.email);
    expect(mail.subject).toMatch(/reset/i);
    const link = mailLink(mail, "/reset-password");
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it("gives the same answer for an unknown e-mail and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const body = await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email } }));
    expect(body).toEqual({ message: MESSAGES.forgotPasswordSent });
    expect(body.message).toBe("If an account with that email exists, we've sent you a password reset link. Please check your email.");
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("finds the account whatever the case of the e-mail", async () => {
    const account = await signUpAndConfirm();
    await expectOk(await typedApi().auth["forgot-password"].$post({ json: { email: account.email.toUpperCase() } }));
    expect(await mailsTo(account.email)).toHaveLength(2); // confirmation + reset
    linkToken(await latestMail(account.email), "/reset-password");
  });

  it("stores only the SHA-256 of the reset token", async () => {
    const account = await signUpAndConfirm();
    const token = await requestReset(account.email);
    const { results } = await env.DB.prepare("SELECT * FROM email_tokens WHERE purpose = 'reset_password'").all<Record<string, unknown>>();
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((r) => r.token_hash === token)).toBe(false);
    expect(JSON.stringify(results)).not.toContain(token);
    const hash = await sha256Hex(token);
    const row = results.find((r) => r.token_hash === hash);
    expect(row).toBeDefined();
    expect(row!.user_id).toBe((await userRow(account.email))!.id);
    expect(row!.used_at).toBeNull();
  });
});

describe("POST /auth/reset-password", () => {
  it("sets the new password: the old one fails, the new one works", async () => {
    const account = await signUpAndConfirm();
    const before = (await userRow(account.email))!.password_hash;
    const token = await requestReset(account.email);

    const { status, body } = await reset(token);
    expect(status).toBe(200);
    expect(body).toEqual({ message: MESSAGES.resetSuccess });
    expect(body.message).toBe("Password reset successfully! Redirecting to sign in...");

    const after = (await userRow(account.email))!.password_hash!;
    expect(after).not.toBe(before);
    expect(after.startsWith("scrypt$")).toBe(true);
    expect(after).not.toContain(NEW_PASSWORD);

    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("revokes every existing session of the user", async () => {
    const account = await signUpAndConfirm();
    const other = await signUpAndConfirm();
    const sessionA = await loginAs(account);
    const sessionB = await loginAs(account);
    const bystander = await loginAs(other);
    expect((await validate(sessionA.token)).status).toBe(200);

    expect((await reset(await requestReset(account.email))).status).toBe(200);

    expect((await validate(sessionA.token)).status).toBe(401);
    expect((await validate(sessionB.token)).status).toBe(401);
    // Other users are untouched, and a fresh login works.
    expect((await validate(bystander.token)).status).toBe(200);
    const fresh = await loginAs({ email: account.email, password: NEW_PASSWORD });
    expect((await validate(fresh.token)).status).toBe(200);
  });

  it("revokes every API token of the user, and the e-mail says so", async () => {
    const account = await signUpAndConfirm();
    const { token: session } = await loginAs(account);
    const made = await post("/tokens", { name: "Nightly", scopes: ["read", "write"], expires_in_days: 30 }, { token: session });
    expect(made.status).toBe(201);
    const apiToken: string = made.body.data.token;
    expect((await validate(apiToken)).status).toBe(200);

    const resetToken = await requestReset(account.email);
    expect((await latestMail(account.email)).text).toContain("revokes all its API tokens");
    expect((await reset(resetToken)).status).toBe(200);

    expect(await validate(apiToken)).toMatchObject({ status: 401, body: { error: MESSAGES.sessionExpired } });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM api_tokens WHERE user_id = ?")
        .bind((await userRow(account.email))!.id)
        .first(),
    ).toEqual({
      n: 0,
    });
  });

  it("is single-use: the second use of the token answers 400", async () => {
    const account = await signUpAndConfirm();
    const token = await requestReset(account.email);
    expect((await reset(token)).status).toBe(200);

    const second = await reset(token, "yet another password");
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: MESSAGES.expiredResetToken });
    // The refused attempt did not change the password.
    expect((await login(account.email, "yet another password")).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("accepts only one of two simultaneous uses of the same token", async () => {
    const account = await signUpAndConfirm();
    const token = await requestReset(account.email);
    const results = await Promise.all([reset(token, "parallel password 1"), reset(token, "parallel password 2")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("retires the user's other outstanding reset links", async () => {
    const account = await signUpAndConfirm();
    const older = await requestReset(account.email);
    const newer = await requestReset(account.email);
    expect(newer).not.toBe(older);

    expect((await reset(newer)).status).toBe(200);
    const { status, body } = await reset(older, "sneaky other password");
    expect(status).toBe(400);
    expect(body).toEqual({ error: MESSAGES.expiredResetToken });
  });

  it("refuses an expired token", async () => {
    const account = await signUpAndConfirm();
    const token = await requestReset(account.email);
    const update = await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(PAST, await sha256Hex(token))
      .run();
    expect(update.meta.changes).toBe(1);

    const { status, body } = await reset(token);
    expect(status).toBe(400);
    expect(body).toEqual({ error: MESSAGES.expiredResetToken });
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("refuses an unknown token and a confirmation token", async () => {
    expect((await reset("no-such-reset-token")).status).toBe(400);

    const account = await signUp();
    const confirmToken = linkToken(await latestMail(account.email), "/confirm-email");
    const { status, body } = await reset(confirmToken);
    expect(status).toBe(400);
    expect(body).toEqual({ error: MESSAGES.expiredResetToken });
    // The confirmation link was not used up by the refused attempt.
    await expectOk(await typedApi().auth["confirm-email"].$post({ json: { token: confirmToken } }));
  });

  it("confirms an unconfirmed account, since the e-mailed link proves the address", async () => {
    const account: Account = await signUp();
    expect((await login(account.email, account.password)).status).toBe(403);
    expect((await reset(await requestReset(account.email))).status).toBe(200);
    const { status, body } = await login(account.email, NEW_PASSWORD);
    expect(status).toBe(200);
    expect(body.user.email_confirmed).toBe(true);
  });

  describe("validation (422)", () => {
    it("rejects mismatched passwords with 'Passwords do not match' and keeps the token usable", async () => {
      const account = await signUpAndConfirm();
      const token = await requestReset(account.email);
      const { status, body } = await reset(token, NEW_PASSWORD, "something different");
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Passwords do not match" });
      expect((await reset(token)).status).toBe(200);
    });

    it("rejects a password shorter than 8 characters", async () => {
      const account = await signUpAndConfirm();
      const token = await requestReset(account.email);
      const { status, body } = await reset(token, "short", "short");
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Password must be at least 8 characters long" });
      expect((await login(account.email, account.password)).status).toBe(200);
    });

    it("rejects a missing token with 'Invalid reset token. Please request a new password reset.'", async () => {
      for (const payload of [
        { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        { token: "", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      ]) {
        const { status, body } = await post("/auth/reset-password", payload);
        expect(status).toBe(422);
        expect(body).toEqual({ error: "Invalid reset token. Please request a new password reset." });
      }
    });
  });
});

describe("POST /auth/reset-password with a common password", () => {
  it("is refused without using up the link, which then works with a better password", async () => {
    const account = await signUpAndConfirm();
    const token = await requestReset(account.email);
    for (const password of ["password1", "11111111", "         "]) {
      const refused = await reset(token, password);
      expect(refused.status, password).toBe(422);
      expect(refused.body).toEqual({ error: MESSAGES.passwordTooCommon });
    }
    expect((await reset(token)).status).toBe(200);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("PUT /auth/password", () => {
  const change = (token: string, body: Record<string, unknown>) =>
    call("PUT", "/auth/password", { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...body }, { token });
  const newApiToken = async (session: string) =>
    (await post("/tokens", { name: "Script", scopes: ["read"], expires_in_days: 30 }, { token: session })).body.data.token as string;

  it("needs the current password, ends the other sessions and keeps this one and the API tokens", async () => {
    const account = await signUpAndConfirm();
    const { token: here } = await loginAs(account);
    const { token: elsewhere } = await loginAs(account);
    const apiToken = await newApiToken(here);

    expect(await change(here, { current_password: "not the password" })).toMatchObject({
      status: 422,
      body: { error: PASSWORD_CHANGE_MESSAGES.wrongCurrent },
    });
    expect(await change(apiToken, { current_password: account.password })).toMatchObject({ status: 403 });
    expect(await change(here, { current_password: account.password, revoke_api_tokens: "yes" })).toMatchObject({ status: 422 });

    const changed = await change(here, { current_password: account.password });
    expect(changed).toMatchObject({ status: 200, body: { message: PASSWORD_CHANGE_MESSAGES.changed, revoked_api_tokens: 0 } });
    expect((await validate(here)).status).toBe(200);
    expect((await validate(elsewhere)).status).toBe(401);
    expect((await validate(apiToken)).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("revokes every API token when asked", async () => {
    const account = await signUpAndConfirm();
    const { token: here } = await loginAs(account);
    const [first, second] = [await newApiToken(here), await newApiToken(here)];
    const changed = await change(here, { current_password: account.password, revoke_api_tokens: true });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: PASSWORD_CHANGE_MESSAGES.changedAndTokensRevoked, revoked_api_tokens: 2 },
    });
    expect((await validate(first)).status).toBe(401);
    expect((await validate(second)).status).toBe(401);
    expect((await validate(here)).status).toBe(200);
  });
});
