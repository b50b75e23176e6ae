import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import type { OutboxMail } from "../../common/dev-outbox";

// Browsers log expected API refusals (a wrong password's 401) and, in offline tests, refused
// connections as console errors; anything else fails the test.
const EXPECTED =
  /Failed to load resource: the server responded with a status of (400|401|403|404|409|422|429)|net::ERR_INTERNET_DISCONNECTED/;

export const test = base.extend<{ consoleErrors: string[]; serverErrorsExpected: number[]; consoleErrorsExpected: RegExp | null }>({
  /** Statuses a test makes the server answer on purpose (a refused save); the browser logs them. */
  serverErrorsExpected: [[], { option: true }],
  /** Console errors a test causes on purpose (a download it makes fail). */
  consoleErrorsExpected: [null, { option: true }],
  consoleErrors: [
    async ({ page, serverErrorsExpected, consoleErrorsExpected }, use) => {
      const errors: string[] = [];
      const failedLoads: { text: string; url: string }[] = [];
      const planned = new RegExp(
        `Failed to load resource: the server responded with a status of (${serverErrorsExpected.join("|") || "none"}) `,
      );
      // The local dev server (wrangler dev) answers a request that was in flight while it restarted
      // workerd with its own 503 and this body: the tooling's restart, not an answer of the app's.
      const devServerRestarts = new Set<string>();
      const bodyReads: Promise<void>[] = [];
      page.on("response", (res) => {
        if (res.status() !== 503) return;
        bodyReads.push(
          res.text().then(
            (body) => void (body.startsWith("Your worker restarted mid-request") && devServerRestarts.add(res.url())),
            () => {},
          ),
        );
      });
      page.on("console", (msg) => {
        const text = msg.text();
        if (msg.type() !== "error" || EXPECTED.test(text) || planned.test(text) || consoleErrorsExpected?.test(text)) return;
        if (text.startsWith("Failed to load resource")) failedLoads.push({ text, url: msg.location().url });
        else errors.push(text);
      });
      page.on("pageerror", (err) => !consoleErrorsExpected?.test(err.message) && errors.push(err.message));
      await use(errors);
      await Promise.all(bodyReads);
      for (const { text, url } of failedLoads) if (!devServerRestarts.has(url)) errors.push(`${text} (${url})`);
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Saves a full-page screenshot as a test artifact (test-results/screens). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export type { OutboxMail };

/** Newest dev-outbox mail to `to` whose subject matches, waiting for it to arrive. */
export async function mailTo(page: Page, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/v1/dev/outbox");
      const { data } = (await res.json()) as { data: OutboxMail[] };
      found = data.find((m) => m.to === to && subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The app link inside a mail, as a path (the origin is the test server's). */
export function linkPath(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"]+${path}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in mail: ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Registers, confirms (through the dev outbox) and signs in a fresh user over the API. */
export async function createUser(request: APIRequestContext, name = "Test User") {
  const email = uniqueEmail("user");
  const password = "a long test password";
  const register = await request.post("/api/v1/auth/register", {
    data: { user: { email, full_name: name, password, password_confirmation: password } },
  });
  expect(register.status()).toBe(201);
  const outbox = (await (await request.get("/api/v1/dev/outbox")).json()) as { data: OutboxMail[] };
  const mail = outbox.data.find((m) => m.to === email);
  if (!mail) throw new Error(`no confirmation mail for ${email}`);
  const token = new URL(/https?:\/\/\S+confirm-email\?token=\S+/.exec(mail.text)![0]).searchParams.get("token");
  expect((await request.post("/api/v1/auth/confirm-email", { data: { token } })).status()).toBe(200);
  const login = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  return { email, password, ...((await login.json()) as { token: string; user: unknown }) };
}

/**
 * Opens the app already signed in as a fresh user (token and user in local storage, as
 * after sign-in). Tutorials are skipped (saved in the preferences) unless a test is about them.
 */
export async function signIn(page: Page, name?: string, options: { tutorials?: boolean } = {}) {
  const session = await createUser(page.request, name);
  if (!options.tutorials) {
    const res = await page.request.put("/api/v1/preferences", {
      headers: { authorization: `Bearer ${session.token}` },
      data: { preferences: { tutorials: { skip_all: true } } },
    });
    expect(res.status()).toBe(200);
    (session.user as { preferences: unknown }).preferences = ((await res.json()) as { data: unknown }).data;
  }
  await page.addInitScript(
    ({ token, user }) => {
      if (!localStorage.getItem("auth_token")) {
        localStorage.setItem("auth_token", token);
        localStorage.setItem("auth_user", JSON.stringify(user));
      }
    },
    { token: session.token, user: session.user },
  );
  return session;
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** No serious or critical WCAG 2.1 AA violation on the page as it stands (`what` names the screen). */
export async function expectAccessible(page: Page, what?: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}
