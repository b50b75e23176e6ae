// Shared helpers for the Worker tests: calling the API, reading the dev
// outbox, creating accounts and inspecting D1.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { hc, type ClientResponse } from "hono/client";
import { expect } from "vitest";
import type { AppType } from "../../worker/app";
import worker from "../../worker/index";
import type { OutboxMail } from "../../common/dev-outbox";

export const ORIGIN = "http://localhost";
export const API = `${ORIGIN}/api/v1`;

/** A random private address, so rate-limit buckets keyed by IP never collide. */
export function randomIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}`;
}

/** One client address per test file (each file loads its own copy of this module). */
export const FILE_IP = randomIp();

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID()}@example.com`;

export const PASSWORD = "correct horse battery";

// Answers of `call` are JSON whose shape each test asserts itself: it is for what a
// typed client cannot send (bad input, raw bodies, foreign headers).
// biome-ignore lint/suspicious/noExplicitAny: answers to malformed requests are read without a declared shape on purpose
export type Json = any;

/**
 * A request to the Worker's fetch handler itself. The test runner's own dispatch
 * (`exports.default.fetch`) gets slower with every request it has carried (workers-sdk
 * #15446), which made files that send many requests slow.
 */
export function dispatch(request: Request): Promise<Response> {
  return Promise.resolve(worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, createExecutionContext()));
}

/**
 * The API with the Worker's own route types (Hono's `hc` over the Worker's fetch
 * handler): tsc checks every path, input and answer a test uses through it.
 */
export function typedApi(opts: { token?: string; ip?: string } = {}) {
  return hc<AppType>(API, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => dispatch(new Request(input, init)),
    headers: { "cf-connecting-ip": opts.ip ?? FILE_IP, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
  });
}

/** The answer of a typed call with that status (the body is shown when the status differs), typed as the route declares it. */
export async function expectOk<R extends ClientResponse<unknown, number, string>, S extends number = 200>(
  response: R,
  status: S = 200 as S,
): Promise<R extends ClientResponse<infer T, infer U, "json"> ? (S extends U ? T : never) : never> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: Json;
  res: Response;
}

export function apiRequest(method: string, path: string, body?: unknown, opts: CallOptions = {}): Request {
  const headers = new Headers(opts.headers);
  headers.set("cf-connecting-ip", opts.ip ?? FILE_IP);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(`${API}${path}`, { method, headers, body: payload });
}

/** Calls the Worker's fetch handler and parses the JSON answer. */
export async function call(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResult> {
  const res = await dispatch(apiRequest(method, path, body, opts));
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with non-JSON body: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, res };
}

export const get = (path: string, opts?: CallOptions) => call("GET", path, undefined, opts);
export const post = (path: string, body?: unknown, opts?: CallOptions) => call("POST", path, body, opts);

// ---------------------------------------------------------------- dev outbox

export type { OutboxMail };

/** Every message in the dev outbox, newest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const { status, body } = await get("/dev/outbox");
  expect(status).toBe(200);
  return body.data as OutboxMail[];
}

export async function mailsTo(to: string): Promise<OutboxMail[]> {
  return (await outbox()).filter((m) => m.to === to.toLowerCase());
}

/** The newest message to `to`; fails the test when there is none. */
export async function latestMail(to: string): Promise<OutboxMail> {
  const mails = await mailsTo(to);
  expect(mails.length, `no mail to ${to} in the dev outbox`).toBeGreaterThan(0);
  return mails[0]!;
}

/** The link in a mail's text part that points at `path` (e.g. "/confirm-email"). */
export function mailLink(mail: OutboxMail, path: "/confirm-email" | "/reset-password"): URL {
  const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l));
  const link = links.find((l) => l.pathname === path);
  expect(link, `no ${path} link in mail "${mail.subject}":\n${mail.text}`).toBeDefined();
  return link!;
}

/** The token carried by the mail's `path` link. */
export function linkToken(mail: OutboxMail, path: "/confirm-email" | "/reset-password"): string {
  const token = mailLink(mail, path).searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

// ---------------------------------------------------------------- accounts

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

/** Registers a new (unconfirmed) account and checks the 201 answer. */
export async function signUp(overrides: Partial<Account> = {}, opts: { ip?: string } = {}): Promise<Account> {
  const account: Account = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? PASSWORD,
    fullName: overrides.fullName ?? "Ada Lovelace",
  };
  const user = { email: account.email, full_name: account.fullName, password: account.password, password_confirmation: account.password };
  await expectOk(await typedApi(opts).auth.register.$post({ json: { user } }), 201);
  return account;
}

/** Follows the newest confirmation link sent to `email`. */
export async function confirmLatest(email: string): Promise<void> {
  const token = linkToken(await latestMail(email), "/confirm-email");
  await expectOk(await typedApi().auth["confirm-email"].$post({ json: { token } }));
}

/** Registers and confirms an account, ready to log in. */
export async function signUpAndConfirm(overrides: Partial<Account> = {}, opts: { ip?: string } = {}): Promise<Account> {
  const account = await signUp(overrides, opts);
  await confirmLatest(account.email);
  return account;
}

export const login = (email: string, password: string, opts?: CallOptions) => post("/auth/login", { email, password }, opts);

/** Logs in and returns the bearer token and user; fails the test unless 200. */
export async function loginAs(account: Pick<Account, "email" | "password">, opts: { ip?: string } = {}) {
  return expectOk(await typedApi(opts).auth.login.$post({ json: { email: account.email, password: account.password } }));
}

export const validate = (token: string) => get("/auth/validate", { token });

// ---------------------------------------------------------------- database

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function userRow(email: string) {
  return env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email.toLowerCase()).first<{
    id: string;
    email: string;
    full_name: string;
    password_hash: string | null;
    google_sub: string | null;
    email_confirmed_at: string | null;
  }>();
}

export const PAST = "2000-01-01T00:00:00.000Z";

// ---------------------------------------------------------------- rate limits

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local rate-limit simulator counts in fixed 60 s windows. Runs `run`
 * (which must use fresh keys every time) until one run stays clear of a
 * window boundary with a second's margin, so counts are exact.
 */
export async function inOneRateWindow<T>(run: () => Promise<T>): Promise<T> {
  let lastError: unknown = new Error("could not finish inside one rate-limit window");
  for (let attempt = 0; attempt < 4; attempt++) {
    const start = Date.now();
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await run() };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const end = Date.now();
    const oneWindow = Math.floor((start - 1000) / 60_000) === Math.floor((end + 1000) / 60_000);
    // A result (pass or failure) only counts when the counts could not have been reset midway.
    if (oneWindow) {
      if (outcome.ok) return outcome.value;
      throw outcome.error;
    }
    if (!outcome.ok) lastError = outcome.error;
    await sleep(1500);
  }
  throw lastError;
}
