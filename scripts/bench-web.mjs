// Part of `npm run bench`: JavaScript a first visit downloads, from a production
// build served as `npm start` serves it, measured in Chromium from the network
// responses (gzip sizes computed from the bodies). Budgets: /signin ≤ 100 KB gzip;
// /dashboard before a file is opened ≤ 200 KB gzip.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { apiClient } from "./bench-api.mjs";
import { offlineEnv, root } from "./lib.mjs";

const PORT = Number(process.env.BENCH_WEB_PORT ?? 8895);
const BASE = `http://127.0.0.1:${PORT}`;
const { account, ready } = apiClient(BASE);

async function scriptBytes(page, url, until) {
  const bodies = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b).length })));
  });
  await page.goto(url);
  await until(page);
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(bodies);
  return { files: all.length, raw: all.reduce((n, b) => n + b.raw, 0), gzip: all.reduce((n, b) => n + b.gzip, 0) };
}

const state = mkdtempSync(join(tmpdir(), "bench-web-"));
const server = spawn("node", ["scripts/start.mjs"], { cwd: root, env: { ...offlineEnv, PORT: String(PORT), PERSIST_DIR: state }, stdio: "ignore", detached: true });
let browser;
try {
  await ready();
  const { token, user } = await account("bench-web");
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const signin = await scriptBytes(await (await browser.newContext()).newPage(), `${BASE}/signin`, (p) => p.getByRole("button", { name: "Sign in", exact: true }).waitFor());
  const context = await browser.newContext();
  await context.addInitScript(({ token, user }) => {
    localStorage.setItem("auth_token", token);
    localStorage.setItem("auth_user", JSON.stringify(user));
  }, { token, user });
  const dashboard = await scriptBytes(await context.newPage(), `${BASE}/dashboard`, (p) => p.getByTestId("topbar").waitFor());
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nJavaScript downloaded on a first visit (production build):");
  console.log(`  /signin: ${kb(signin.gzip)} gzip (${kb(signin.raw)} raw, ${signin.files} files) — budget 100 KB gzip`);
  console.log(`  /dashboard before a file is opened: ${kb(dashboard.gzip)} gzip (${kb(dashboard.raw)} raw, ${dashboard.files} files) — budget 200 KB gzip`);
} finally {
  await browser?.close();
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  rmSync(state, { recursive: true, force: true });
}
