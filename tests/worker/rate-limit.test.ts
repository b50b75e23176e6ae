import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import { inOneRateWindow, login, post, randomIp, signUpAndConfirm, uniqueEmail } from "./helpers";

// wrangler.toml: AUTH_EMAIL_LIMITER 10 per 60 s (per action + e-mail),
// AUTH_IP_LIMITER 200 per 60 s (per action + client IP).
const EMAIL_LIMIT = 10;
const IP_LIMIT = 200;
// Hundreds of sequential requests; slower when other files run alongside.
const TIMEOUT_MS = 60_000;

describe("auth rate limits", () => {
  it(
    "stops rapid wrong logins for one e-mail with 429, leaving other e-mails and actions alone",
    async () => {
      await inOneRateWindow(async () => {
        const ip = randomIp();
        const account = await signUpAndConfirm({}, { ip });
        const statuses: number[] = [];
        let limited: { status: number; body: { error?: string } } | undefined;
        for (let attempt = 1; attempt <= EMAIL_LIMIT + 2 && !limited; attempt++) {
          const res = await login(account.email, `wrong password ${attempt}`, { ip });
          statuses.push(res.status);
          if (res.status === 429) limited = res;
        }
        // The first ten guesses are ordinary failures; a 429 follows right after.
        expect(statuses.slice(0, EMAIL_LIMIT)).toEqual(Array(EMAIL_LIMIT).fill(401));
        expect(limited?.status).toBe(429);
        expect(limited?.body).toEqual({ error: MESSAGES.tooManyRequests });

        // Even the right password is refused while the e-mail is limited, in any case.
        expect((await login(account.email, account.password, { ip })).status).toBe(429);
        expect((await login(account.email.toUpperCase(), account.password, { ip: randomIp() })).status).toBe(429);

        // Another e-mail from the same address gets an ordinary answer.
        const other = await login(uniqueEmail("other"), "wrong password", { ip });
        expect(other.status).toBe(401);
        expect(other.body).toEqual({ error: MESSAGES.invalidCredentials });

        // The limit is per action: the same e-mail can still ask for a reset link.
        expect((await post("/auth/forgot-password", { email: account.email }, { ip })).status).toBe(200);
      });
    },
    TIMEOUT_MS,
  );

  it(
    "limits forgot-password per e-mail",
    async () => {
      await inOneRateWindow(async () => {
        const ip = randomIp();
        const email = uniqueEmail("forgetful");
        for (let i = 0; i < EMAIL_LIMIT; i++) {
          expect((await post("/auth/forgot-password", { email }, { ip })).status).toBe(200);
        }
        const { status, body } = await post("/auth/forgot-password", { email }, { ip });
        expect(status).toBe(429);
        expect(body).toEqual({ error: MESSAGES.tooManyRequests });
        expect((await post("/auth/forgot-password", { email: uniqueEmail("fine") }, { ip })).status).toBe(200);
      });
    },
    TIMEOUT_MS,
  );

  it(
    "limits one client address per action, generously",
    async () => {
      await inOneRateWindow(async () => {
        const ip = randomIp();
        // Unknown addresses: cheap requests, one e-mail bucket each.
        for (let i = 0; i < IP_LIMIT; i++) {
          const { status } = await post("/auth/resend-confirmation", { email: uniqueEmail("office") }, { ip });
          expect(status, `request ${i + 1}`).toBe(200);
        }
        const { status, body } = await post("/auth/resend-confirmation", { email: uniqueEmail("office") }, { ip });
        expect(status).toBe(429);
        expect(body).toEqual({ error: MESSAGES.tooManyRequests });

        // Another address, and another action from the same address, are unaffected.
        expect((await post("/auth/resend-confirmation", { email: uniqueEmail("elsewhere") }, { ip: randomIp() })).status).toBe(200);
        expect((await post("/auth/forgot-password", { email: uniqueEmail("office") }, { ip })).status).toBe(200);
      });
    },
    TIMEOUT_MS,
  );
});
