import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import {
  confirmLatest,
  expectOk,
  latestMail,
  linkToken,
  login,
  mailLink,
  mailsTo,
  ORIGIN,
  PASSWORD,
  PAST,
  post,
  sha256Hex,
  signUp,
  typedApi,
  uniqueEmail,
  userRow,
} from "./helpers";

const registerBody = (user: Record<string, unknown>) => ({ user });

function validUser(email = uniqueEmail()) {
  return { email, full_name: "Grace Hopper", password: PASSWORD, password_confirmation: PASSWORD };
}

describe("POST /auth/register", () => {
  it("creates an unconfirmed account and answers 201 with the signup message", async () => {
    const user = validUser();
    const body = await expectOk(await typedApi().auth.register.$post({ json: { user } }), 201);
    expect(body).toEqual({ message: MESSAGES.signupSuccess });
    expect(body.message).toBe("Account created successfully! Please check your email to confirm your account before signing in.");
    expect(body).not.toHaveProperty("token");

    const row = await userRow(user.email);
    expect(row).not.toBeNull();
    expect(row!.full_name).toBe("Grace Hopper");
    expect(row!.email_confirmed_at).toBeNull();
  });

  it("sends one confirmation e-mail with a /confirm-email?token=… link on the request's origin", async () => {
    const user = validUser();
    await post("/auth/register", registerBody(user));
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.text).toContain("Grace Hopper");
    const link = mailLink(mail, "/confirm-email");
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(mail.html).toContain(`href="${link.href}"`);
  });

  it("stores the password as an scrypt hash, never in plain text", async () => {
    const user = validUser();
    await post("/auth/register", registerBody(user));
    const row = await userRow(user.email);
    expect(row!.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
  });

  it("salts each hash: the same password gives different hashes", async () => {
    const a = validUser();
    const b = validUser();
    await post("/auth/register", registerBody(a));
    await post("/auth/register", registerBody(b));
    const [rowA, rowB] = [await userRow(a.email), await userRow(b.email)];
    expect(rowA!.password_hash).not.toBe(rowB!.password_hash);
  });

  it("trims and lower-cases the e-mail address", async () => {
    const local = `Mixed-${crypto.randomUUID()}`;
    const { status } = await post("/auth/register", registerBody(validUser(`  ${local}@Example.COM `)));
    expect(status).toBe(201);
    const row = await userRow(`${local}@example.com`);
    expect(row?.email).toBe(`${local.toLowerCase()}@example.com`);
  });

  it("refuses a second account with the same e-mail, whatever its case (409)", async () => {
    const user = validUser();
    expect((await post("/auth/register", registerBody(user))).status).toBe(201);

    const again = await post("/auth/register", registerBody(user));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: MESSAGES.emailTaken });

    const upper = await post("/auth/register", registerBody({ ...user, email: user.email.toUpperCase() }));
    expect(upper.status).toBe(409);
    expect(upper.body).toEqual({ error: MESSAGES.emailTaken });

    // No second confirmation mail for the refused attempts.
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  describe("validation (422)", () => {
    it("rejects mismatched passwords with 'Passwords do not match'", async () => {
      const user = { ...validUser(), password_confirmation: "something else entirely" };
      const { status, body } = await post("/auth/register", registerBody(user));
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Passwords do not match" });
      expect(await userRow(user.email)).toBeNull();
    });

    it("rejects passwords shorter than 8 characters", async () => {
      const user = { ...validUser(), password: "1234567", password_confirmation: "1234567" };
      const { status, body } = await post("/auth/register", registerBody(user));
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Password must be at least 8 characters long" });
      expect(await userRow(user.email)).toBeNull();
    });

    it("accepts a password of exactly 8 characters", async () => {
      const user = { ...validUser(), password: "kq7#vW2p", password_confirmation: "kq7#vW2p" };
      expect((await post("/auth/register", registerBody(user))).status).toBe(201);
    });

    it("refuses common and breached passwords, a run of one character and spaces only (NIST 800-63B)", async () => {
      for (const password of ["password", "12345678", "qwertyuiop", "PassWord", "iloveyou", "aaaaaaaaaa", "        ", "zzzzzzzzzzzz"]) {
        const user = { ...validUser(), password, password_confirmation: password };
        const { status, body } = await post("/auth/register", registerBody(user));
        expect(status, password).toBe(422);
        expect(body).toEqual({ error: MESSAGES.passwordTooCommon });
        expect(await userRow(user.email)).toBeNull();
      }
    });

    it("requires the e-mail", async () => {
      const { email: _omit, ...user } = validUser();
      const { status, body } = await post("/auth/register", registerBody(user));
      expect(status).toBe(422);
      expect(body).toEqual({ error: MESSAGES.emailRequired });
    });

    it("rejects a malformed e-mail", async () => {
      const { status, body } = await post("/auth/register", registerBody(validUser("not-an-email")));
      expect(status).toBe(422);
      expect(body).toEqual({ error: MESSAGES.emailInvalid });
    });

    it("requires a non-blank full name", async () => {
      const user = { ...validUser(), full_name: "   " };
      const { status, body } = await post("/auth/register", registerBody(user));
      expect(status).toBe(422);
      expect(body).toEqual({ error: MESSAGES.fullNameRequired });
      expect(await userRow(user.email)).toBeNull();
    });

    it("reports several problems at once as {errors: [...]}", async () => {
      const { status, body } = await post("/auth/register", registerBody({ password: "short" }));
      expect(status).toBe(422);
      expect(body).not.toHaveProperty("error");
      expect(body.errors).toEqual(expect.arrayContaining([MESSAGES.emailRequired, MESSAGES.fullNameRequired, MESSAGES.passwordTooShort]));
    });

    it("rejects a body without the user wrapper", async () => {
      const { status } = await post("/auth/register", validUser());
      expect(status).toBe(422);
    });
  });
});

describe("POST /auth/confirm-email", () => {
  it("confirms the account so it can sign in", async () => {
    const account = await signUp();
    expect((await login(account.email, account.password)).status).toBe(403);

    const token = linkToken(await latestMail(account.email), "/confirm-email");
    const body = await expectOk(await typedApi().auth["confirm-email"].$post({ json: { token } }));
    expect(body).toEqual({ message: MESSAGES.confirmSuccess });
    expect((await userRow(account.email))!.email_confirmed_at).not.toBeNull();
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("is idempotent: the same link opened again after confirmation still answers 200", async () => {
    const account = await signUp();
    const token = linkToken(await latestMail(account.email), "/confirm-email");
    expect((await post("/auth/confirm-email", { token })).status).toBe(200);
    const again = await post("/auth/confirm-email", { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: MESSAGES.confirmSuccess });
  });

  it("refuses an unknown token with 400", async () => {
    const { status, body } = await post("/auth/confirm-email", { token: "definitely-not-a-real-token" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: MESSAGES.expiredConfirmToken });
  });

  it("refuses a missing or blank token with 'Invalid confirmation link. No token provided.' (422)", async () => {
    for (const payload of [{}, { token: "" }, { token: "   " }]) {
      const { status, body } = await post("/auth/confirm-email", payload);
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Invalid confirmation link. No token provided." });
    }
  });

  it("refuses an expired token and leaves the account unconfirmed", async () => {
    const account = await signUp();
    const token = linkToken(await latestMail(account.email), "/confirm-email");
    const hash = await sha256Hex(token);
    const update = await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE token_hash = ?").bind(PAST, hash).run();
    expect(update.meta.changes).toBe(1);

    const { status, body } = await post("/auth/confirm-email", { token });
    expect(status).toBe(400);
    expect(body).toEqual({ error: MESSAGES.expiredConfirmToken });
    expect((await userRow(account.email))!.email_confirmed_at).toBeNull();
    expect((await login(account.email, account.password)).status).toBe(403);
  });

  it("stores only the SHA-256 of the token", async () => {
    const account = await signUp();
    const token = linkToken(await latestMail(account.email), "/confirm-email");
    const { id } = (await userRow(account.email))!;
    const { results } = await env.DB.prepare("SELECT * FROM email_tokens WHERE user_id = ?").bind(id).all<Record<string, unknown>>();
    expect(results).toHaveLength(1);
    expect(results[0]!.token_hash).toBe(await sha256Hex(token));
    expect(results[0]!.purpose).toBe("confirm_email");
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it("does not accept a password-reset token", async () => {
    const account = await signUp();
    await post("/auth/forgot-password", { email: account.email });
    const resetToken = linkToken(await latestMail(account.email), "/reset-password");
    const { status } = await post("/auth/confirm-email", { token: resetToken });
    expect(status).toBe(400);
    expect((await userRow(account.email))!.email_confirmed_at).toBeNull();
  });
});

describe("POST /auth/resend-confirmation", () => {
  it("sends a fresh, working confirmation link to an unconfirmed account", async () => {
    const account = await signUp();
    const firstToken = linkToken(await latestMail(account.email), "/confirm-email");

    const { status, body } = await post("/auth/resend-confirmation", { email: account.email });
    expect(status).toBe(200);
    expect(typeof body.message).toBe("string");

    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(2);
    const secondToken = linkToken(mails[0]!, "/confirm-email");
    expect(secondToken).not.toBe(firstToken);

    expect((await post("/auth/confirm-email", { token: secondToken })).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("answers the same for confirmed and unknown accounts but sends nothing", async () => {
    const unconfirmed = await signUp();
    const confirmed = await signUp();
    await confirmLatest(confirmed.email);
    const unknown = uniqueEmail("nobody");

    const answers = [];
    for (const email of [unconfirmed.email, confirmed.email, unknown]) {
      const { status, body } = await post("/auth/resend-confirmation", { email });
      expect(status).toBe(200);
      answers.push(body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(await mailsTo(unconfirmed.email)).toHaveLength(2);
    expect(await mailsTo(confirmed.email)).toHaveLength(1);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it("validates the e-mail (422)", async () => {
    const { status, body } = await post("/auth/resend-confirmation", { email: "nope" });
    expect(status).toBe(422);
    expect(body).toEqual({ error: MESSAGES.emailInvalid });
  });
});

describe("links in e-mails", () => {
  it("a resend retires the confirmation links sent before it", async () => {
    const account = await signUp();
    const first = linkToken(await latestMail(account.email), "/confirm-email");
    expect((await post("/auth/resend-confirmation", { email: account.email })).status).toBe(200);
    const second = linkToken(await latestMail(account.email), "/confirm-email");
    expect(second).not.toBe(first);
    const old = await post("/auth/confirm-email", { token: first });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ error: MESSAGES.expiredConfirmToken });
    expect((await post("/auth/confirm-email", { token: second })).status).toBe(200);
  });

  it("point at APP_URL whatever Host the request names", async () => {
    const forged = new Request("http://evil.example/api/v1/auth/register", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "cf-connecting-ip": "203.0.113.9",
      },
      body: JSON.stringify(registerBody(validUser())),
    });
    const email = (JSON.parse(await forged.clone().text()) as { user: { email: string } }).user.email;
    expect((await exports.default.fetch(forged)).status).toBe(201);
    const link = mailLink(await latestMail(email), "/confirm-email");
    expect(link.origin).toBe(ORIGIN);
  });
});
