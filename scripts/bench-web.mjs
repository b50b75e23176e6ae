// Part of `npm run bench`, against the app started as `npm start` starts it (a
// production build), in Debian's Chromium:
// 1. JavaScript a first visit downloads, from the network responses (gzip sizes
//    computed from the bodies). Budgets: /signin ≤ 100 KB gzip; /dashboard before it is
//    interactive (its files tree shown) ≤ 180 KB gzip. The file view's code, asked for
//    after that, is reported beside it. LIGHTHOUSE_RUNS=0 measures only these;
//    BENCH_WEB_FILES=1 lists each script.
// 2. Lighthouse (desktop preset) for /signin and for the dashboard with a transcript
//    open, min/median/max of LIGHTHOUSE_RUNS. Budgets: performance ≥ 90,
//    accessibility ≥ 95, best practices ≥ 95.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { apiClient, startLocalApp, wav } from "./bench-api.mjs";

const PORT = Number(process.env.BENCH_WEB_PORT ?? 8895);
const SPEECH_PORT = PORT + 1;
const DEBUG_PORT = PORT + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const { json, account, ready, transcribed } = apiClient(BASE);

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/** Lighthouse scores (0–100) per category over LIGHTHOUSE_RUNS runs of `url`. */
async function lighthouseScores(url) {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const result = await lighthouse(
      url,
      { port: DEBUG_PORT, output: "json", logLevel: "error", disableStorageReset: true, onlyCategories: CATEGORIES },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // LIGHTHOUSE_REPORTS=dir keeps every report (JSON) for a closer look.
    if (process.env.LIGHTHOUSE_REPORTS)
      writeFileSync(
        join(process.env.LIGHTHOUSE_REPORTS, `${new URL(url).pathname.replace(/\W+/g, "_")}-${i + 1}.json`),
        String(result.report),
      );
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}`);
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => {
        // Audit details differ per audit type; only a few common fields are read.
        const item = /** @type {any} */ (a.details)?.items?.[0];
        const where = item?.node?.snippet ?? item?.sourceLocation?.url ?? item?.issueType ?? item?.description ?? item?.reason ?? "";
        return where ? `${a.id} (${String(where).slice(0, 120)})` : a.id;
      });
    runs.push({
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)])),
      failing,
    });
  }
  return runs;
}

function printScores(name, runs, budgets) {
  console.log(`  ${name}:`);
  for (const c of CATEGORIES) {
    const xs = runs.map((r) => r.scores[c]).sort((a, b) => a - b);
    console.log(`    ${c}: min ${xs[0]} / median ${xs[Math.floor(xs.length / 2)]} / max ${xs[xs.length - 1]} (budget ≥ ${budgets[c]})`);
  }
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`    audits not passed: ${failing.join(", ")}`);
}

/** gzip and raw sizes of the scripts a page downloaded, and when each was asked for (ms on the page's clock). */
function recordScripts(page) {
  const bodies = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b).length })));
  });
  return async () => {
    const all = await Promise.all(bodies);
    const started = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType("resource").map((e) => [e.name, e.startTime])),
    );
    return all.map((b) => ({ ...b, at: started[b.url] ?? Number.POSITIVE_INFINITY }));
  };
}

function total(scripts) {
  // BENCH_WEB_FILES=1 lists every script with its gzip size, to see what a first visit pulls in.
  if (process.env.BENCH_WEB_FILES)
    for (const b of [...scripts].sort((x, y) => y.gzip - x.gzip))
      console.log(`    ${(b.gzip / 1024).toFixed(1)} KB  ${new URL(b.url).pathname}`);
  return { files: scripts.length, raw: scripts.reduce((n, b) => n + b.raw, 0), gzip: scripts.reduce((n, b) => n + b.gzip, 0) };
}

async function scriptBytes(page, url, until) {
  const scripts = recordScripts(page);
  await page.goto(url);
  await until(page);
  await page.waitForLoadState("networkidle");
  return total(await scripts());
}

// The moment the files tree first shows on a page: the dashboard is interactive then.
const watchTree = () => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="tree"]')) return;
    /** @type {any} */ (window).__treeShownAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

/**
 * /dashboard in a new browser: the scripts asked for before it is interactive (its files
 * tree shown), and the file view's code, asked for after that (once the dashboard is idle,
 * on the pointer's approach or on the click), until a file is open.
 */
async function dashboardScripts(context, fileName) {
  const page = await context.newPage();
  await page.addInitScript(watchTree);
  const scripts = recordScripts(page);
  await page.goto(`${BASE}/dashboard`);
  await page.getByTestId("topbar").waitFor();
  await page.waitForLoadState("networkidle");
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: fileName, exact: true }).click();
  await page.getByTestId("utterance-text").first().waitFor();
  await page.waitForLoadState("networkidle");
  const shownAt = await page.evaluate(() => /** @type {any} */ (window).__treeShownAt);
  const all = await scripts();
  await page.close();
  return { before: total(all.filter((b) => b.at <= shownAt)), after: total(all.filter((b) => b.at > shownAt)) };
}

const app = startLocalApp({ port: PORT, speechPort: SPEECH_PORT, label: "bench-web" });
let browser;
let lighthouseBrowser;
const profile = mkdtempSync(join(tmpdir(), "bench-web-profile-"));
try {
  await ready();
  const { token, user } = await account("bench-web");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const signin = await scriptBytes(await (await browser.newContext()).newPage(), `${BASE}/signin`, (p) =>
    p.getByRole("button", { name: "Sign in", exact: true }).waitFor(),
  );
  const context = await browser.newContext();
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("auth_token", token);
      localStorage.setItem("auth_user", JSON.stringify(user));
    },
    { token, user },
  );
  const fileId = await transcribed(token, "meeting.wav", wav(20), 20);
  const dashboard = await dashboardScripts(context, "meeting.wav");
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nJavaScript downloaded on a first visit (production build):");
  console.log(`  /signin: ${kb(signin.gzip)} gzip (${kb(signin.raw)} raw, ${signin.files} files) — budget 100 KB gzip`);
  console.log(
    `  /dashboard before it is interactive (its files tree shown): ${kb(dashboard.before.gzip)} gzip (${kb(dashboard.before.raw)} raw, ${dashboard.before.files} files) — budget 180 KB gzip`,
  );
  console.log(
    `  the file view's code, asked for after that (dashboard idle, pointer or click): ${kb(dashboard.after.gzip)} gzip (${kb(dashboard.after.raw)} raw, ${dashboard.after.files} files)`,
  );

  // LIGHTHOUSE_RUNS=0 measures only the downloads above.
  if (LIGHTHOUSE_RUNS > 0) {
    // Lighthouse drives the default profile over the debugging port; the session is
    // put into that profile's storage first (Lighthouse is told not to clear it).
    // A returning user: the guided tours are not what is measured.
    const { data: preferences } = await json(
      "/api/v1/preferences",
      { method: "PUT", body: JSON.stringify({ preferences: { tutorials: { skip_all: true } } }) },
      token,
    );
    lighthouseBrowser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUG_PORT}`],
    });
    const signinScores = await lighthouseScores(`${BASE}/signin`);
    const page = await lighthouseBrowser.newPage();
    await page.goto(`${BASE}/signin`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem("auth_token", token);
        localStorage.setItem("auth_user", JSON.stringify(user));
      },
      { token, user: { ...user, preferences } },
    );
    await page.close();
    const editorScores = await lighthouseScores(`${BASE}/dashboard/file/${fileId}`);
    const budgets = { performance: 90, accessibility: 95, "best-practices": 95 };
    console.log(`\nLighthouse, desktop preset (${LIGHTHOUSE_RUNS} runs each):`);
    printScores("/signin", signinScores, budgets);
    printScores("/dashboard with a transcript open", editorScores, budgets);
  }
} finally {
  await lighthouseBrowser?.close();
  await browser?.close();
  app.stop();
  rmSync(profile, { recursive: true, force: true });
}
