// The folder view and the sidebar with 10,000 files, in headless Chromium against
// the app started as `npm start` starts it. Rows are written straight into the
// local D1 (uploading 10,000 recordings would measure the upload path instead).
// Measures: the whole library loaded in pages and the first rows shown; a sort
// change to the list redrawn; frame times while scrolling the list end to end;
// select all; how many rows the page holds. Run by `npm run bench`; min/median/max of RUNS.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { apiClient, startLocalApp } from "./bench-api.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium.mjs";
import { bin, offlineEnv, root } from "./lib.mjs";

const PORT = Number(process.env.BENCH_LIBRARY_PORT ?? 8905);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FILES = Number(process.env.BENCH_LIBRARY_FILES ?? 10_000);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { min: s[0], median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
const line = (name, xs, budget) => {
  const { min, median, max } = stats(xs);
  console.log(`${name}: min ${min.toFixed(1)} ms / median ${median.toFixed(1)} ms / max ${max.toFixed(1)} ms (budget ${budget})`);
};

/** INSERTs of `count` files for `userId` in Common, 100 rows a statement (D1 refuses long statements). */
function seedSql(userId, count) {
  const statements = [];
  const statuses = ["ready", "ready", "ready", "processing", "failed"];
  for (let i = 0; i < count; i += 100) {
    const rows = [];
    for (let j = i; j < Math.min(count, i + 100); j++) {
      const id = `00000000-0000-4000-8000-${String(j).padStart(12, "0")}`;
      const created = new Date(Date.UTC(2025, 0, 1) + j * 60_000).toISOString();
      const status = statuses[j % statuses.length];
      rows.push(
        `('${id}','${userId}',NULL,'Interview ${j}','interview-${j}.wav','bench/${id}.wav','audio/wav',${1000 + ((j * 7919) % 100_000_000)},${(j * 37) % 10_800},'${status}','${created}','${created}')`,
      );
    }
    statements.push(
      `INSERT INTO audio_files (id,user_id,folder_id,name,filename,storage_key,content_type,file_size,duration_seconds,status,created_at,updated_at) VALUES ${rows.join(",")};`,
    );
  }
  return statements.join("\n");
}

const app = startLocalApp({ port: PORT, label: "bench-library" });
const { account, ready } = apiClient(BASE);
const scratch = mkdtempSync(join(tmpdir(), "bench-library-seed-"));
let browser;
try {
  await ready();
  const { token, user } = await account("bench-library");
  // Tutorials off: a returning user's library is what is measured.
  await fetch(`${BASE}/api/v1/preferences`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ preferences: { tutorials: { skip_all: true } } }),
  });
  const seedFile = join(scratch, "seed.sql");
  writeFileSync(seedFile, seedSql(user.id, FILES));
  const seeded = spawnSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", app.state, "--file", seedFile, "--yes"],
    { cwd: root, env: offlineEnv, encoding: "utf8" },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);

  // The API alone: the first page, and the whole library followed page by page.
  const api = (query) => fetch(`${BASE}/api/v1/audio_files?${query}`, { headers: { authorization: `Bearer ${token}` } });
  // The local server drops idle kept-alive connections while seeding runs: one request to open a fresh one.
  for (let i = 0; ; i++) {
    try {
      const res = await api("limit=1");
      if (res.ok) break;
      throw new Error(`status ${res.status}: ${await res.text()}`);
    } catch (error) {
      if (i >= 20) throw error;
      console.error(`retry ${i}: ${error}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const firstPages = [];
  const wholeLists = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await (await api("limit=100&sort=name")).json();
    firstPages.push(performance.now() - t);
    t = performance.now();
    let cursor = null;
    do {
      const page = await (await api(`limit=1000${cursor ? `&cursor=${cursor}` : ""}`)).json();
      cursor = page.next_cursor;
    } while (cursor);
    wholeLists.push(performance.now() - t);
  }
  console.log(`\nGET /audio_files with ${FILES} files:`);
  line("  first page of 100, sorted by name", firstPages, "none; reported");
  line("  every file, pages of 1,000 followed by cursor", wholeLists, "none; reported");

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("auth_token", token);
      localStorage.setItem("auth_user", JSON.stringify(user));
    },
    { token, user },
  );
  const page = await context.newPage();
  const firstRow = page.getByRole("list", { name: "Files in this folder" }).getByRole("listitem").first();

  // 1. Open the Common folder: the library in pages of 1,000, then the first rows drawn.
  const loads = [];
  for (let i = 0; i < RUNS; i++) {
    const t = Date.now();
    await page.goto(`${BASE}/dashboard/folder/common`);
    await firstRow.waitFor();
    loads.push(Date.now() - t);
  }
  const counts = await page.getByTestId("sidebar-counts").textContent();
  console.log(`Library of ${FILES} files (${counts?.trim()}), Common folder view:`);
  line("  open the folder view → first rows shown (navigation, 10 pages of the file list, render)", loads, "none; reported");

  const dom = await page.evaluate(() => ({
    rows: document.querySelectorAll('[aria-label="Files in this folder"] [role="listitem"]').length,
    treeItems: document.querySelectorAll('[role="tree"] [role="treeitem"]').length,
    nodes: document.querySelectorAll("*").length,
  }));
  console.log(`  rows in the page: ${dom.rows} list rows, ${dom.treeItems} tree items, ${dom.nodes} elements in all`);

  // 2. Sort changes: the change event to the next frame after React's render.
  const sorts = [];
  for (let i = 0; i < RUNS * 2; i++) {
    const sort = ["name", "size", "duration", "status", "created"][i % 5];
    sorts.push(
      await page.evaluate(async (value) => {
        const select = /** @type {HTMLSelectElement} */ (document.querySelector('select[aria-label="Sort by"]'));
        const t = performance.now();
        select.value = value ?? "created";
        select.dispatchEvent(new Event("change", { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - t;
      }, sort),
    );
  }
  line("  change the sort → list redrawn", sorts, "≤ 100 ms median");

  // 3. Scrolling end to end, 600 px a frame: frame-to-frame times.
  const frames = await page.evaluate(async () => {
    const el = /** @type {HTMLElement} */ (document.querySelector('[data-testid="files-scroll"]'));
    el.scrollTop = 0;
    const times = [];
    let last = performance.now();
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTop += 600;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times;
  });
  const f = stats(frames);
  console.log(
    `  scroll the list end to end (${frames.length} frames): median ${f.median.toFixed(1)} ms / p95 ${f.p95.toFixed(1)} ms / max ${f.max.toFixed(1)} ms per frame (budget p95 ≤ 50 ms)`,
  );

  // 4. Select all 10,000, then none.
  const selects = [];
  for (let i = 0; i < RUNS; i++) {
    selects.push(
      await page.evaluate(async () => {
        const box = /** @type {HTMLInputElement} */ (document.querySelector('input[aria-label="Select all shown files"]'));
        const t = performance.now();
        box.click();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - t;
      }),
    );
  }
  line("  select all / none → redrawn", selects, "≤ 100 ms median");
} finally {
  await browser?.close();
  app.stop();
  rmSync(scratch, { recursive: true, force: true });
}
