// The shared page's budgets, measured in headless Chromium against the app
// started as `npm start` starts it: a stranger opens a share link to a
// generated 3-hour transcript (30,000 words in 3,000 utterances) with no
// account and a cold cache. Prints min/median/max of RUNS: navigation to the
// first utterance readable, to every utterance drawn, and the JavaScript the
// page downloads (gzip).
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { apiClient, startLocalApp, wav } from "./bench-api.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium.mjs";

const PORT = Number(process.env.BENCH_SHARED_PORT ?? 8894);
const SPEECH_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const line = (name, xs, budget, unit = "ms") => {
  const { min, median, max } = stats(xs);
  const f = (x) => `${x.toFixed(1)} ${unit}`;
  console.log(`${name}: min ${f(min)} / median ${f(median)} / max ${f(max)} (budget ${budget})`);
};

const { json, account, ready, transcribed } = apiClient(BASE);
const app = startLocalApp({ port: PORT, speechPort: SPEECH_PORT, label: "bench-shared", vars: "OPENAI_MAX_FILE_SIZE_MB=1000" });
let browser;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  await ready();
  const { token } = await account("bench-shared");
  // A short WAV named so the speech stand-in answers with a 3-hour transcript.
  const fileId = await transcribed(token, "bench3h.wav", wav(30), 30);
  const { data: share } = await json(
    `/api/v1/audio_files/${fileId}/shares`,
    { method: "POST", body: JSON.stringify({ include_media: true }) },
    token,
  );

  const readable = [];
  const all = [];
  const jsKb = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh context each time: no cache, no account, as a recipient opening the link.
    const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": `10.9.0.${i + 1}` } });
    const page = await context.newPage();
    const scripts = [];
    page.on("response", (res) => {
      if (res.url().endsWith(".js")) scripts.push(res.body().then((body) => gzipSync(body).length));
    });
    await page.goto(share.url.replace(/^https?:\/\/[^/]+/, BASE));
    const marks = await page.evaluate(async () => {
      const wait = (test) =>
        new Promise((resolve) => {
          const check = () => (test() ? resolve(performance.now()) : requestAnimationFrame(check));
          check();
        });
      const first = await wait(() => document.querySelector('[data-testid="utterance-text"]')?.textContent);
      const done = await wait(() => document.querySelectorAll('[data-testid="utterance"]').length === 3000);
      const api = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))
        .filter((e) => e.name.includes("/api/v1/shared/"))
        .map((e) => ({
          path: new URL(e.name).pathname.split("/").slice(5).join("/") || "details",
          start: e.startTime,
          end: e.responseEnd,
        }));
      return { first, done, api };
    });
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    if (process.env.BENCH_DETAIL) console.log(JSON.stringify(marks.api));
    readable.push(marks.first);
    all.push(marks.done);
    jsKb.push(jsBytes / 1024);
    await context.close();
  }
  line("shared page, navigation → first utterance readable (3-hour transcript)", readable, "≤ 1500 ms");
  line("shared page, navigation → all 3,000 utterances drawn", all, "—");
  line("shared page JavaScript downloaded (gzip)", jsKb, "≤ 120 KB gzip", "KB");
} finally {
  await browser?.close().catch(() => {});
  app.stop();
}
