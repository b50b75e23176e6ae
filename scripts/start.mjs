// `npm start`: the whole app (SPA + Worker + D1/R2/Queues/DO) at http://localhost:${PORT:-8787},
// fully local: no Cloudflare account, no keys.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { bin, ensureDevVars, mustRun, root } from "./lib.mjs";

const port = process.env.PORT || "8787";
// Separate state lets tests run against a fresh database without touching yours.
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];

ensureDevVars();
// Workers AI has no local simulator: with WORKERS_AI_REMOTE=true in .dev.vars (and
// `npx wrangler login`), the dev server reaches it remotely instead of running fully local.
const remoteAi = /^WORKERS_AI_REMOTE=true$/m.test(readFileSync(`${root}.dev.vars`, "utf8"));
// Extra vars for this run only, e.g. DEV_VARS="TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_BASE_URL=http://127.0.0.1:9000/v1".
const extraVars = (process.env.DEV_VARS ?? "")
  .split(";")
  .filter(Boolean)
  .flatMap((pair) => ["--var", pair.replace("=", ":")]);
// E-mailed links point at APP_URL only (never a request's Host): this server's address unless set.
const appUrlSet = /^APP_URL=/m.test(readFileSync(`${root}.dev.vars`, "utf8")) || /(^|;)APP_URL=/.test(process.env.DEV_VARS ?? "");
if (!appUrlSet) extraVars.push("--var", `APP_URL:http://localhost:${port}`);
// SKIP_BUILD=1 serves the SPA already in dist/ (a second server beside a running one must not rebuild it).
if (!process.env.SKIP_BUILD) {
  await mustRun(bin("vite"), ["build", "--logLevel", "warn"]);
  // The modules loaded on first use (worker/lazy.ts), uploaded beside the Worker as deployed.
  await mustRun(process.execPath, ["scripts/build-lazy-modules.mjs"]);
}
await mustRun(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", ...persist]);
console.log(`\nStarting the app at http://localhost:${port}\n`);
// Deployed, a cron trigger runs the recovery sweep (lost jobs re-queued, unconfirmed
// uploads removed); wrangler dev cannot run it with static assets, so this timer calls
// the same code through a development-only route.
const sweepEvery = Number(process.env.SWEEP_INTERVAL_SECONDS ?? 30) * 1000;
const sweeper = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/api/v1/dev/sweep`, { method: "POST" }).then(
    (r) => r.body?.cancel(),
    () => {},
  );
}, sweepEvery);
// wrangler dev would run the [build] command again, and once more when its file
// watcher is ready, reloading the Worker under the first requests. The SPA is built
// above, so the server runs from a copy of the config without [build] (deploys keep it).
const localConfig = "wrangler.local.toml";
// Without WORKERS_AI_REMOTE the app never calls Workers AI (it says transcription is not available
// here), so the local copy leaves out the [ai] binding too: with it, wrangler would start a remote
// AI session and warn of usage charges, though nothing local uses it.
let localToml = readFileSync(`${root}wrangler.toml`, "utf8").replace(/^\[build\][\s\S]*?(?=^\[)/m, "");
if (!remoteAi) localToml = localToml.replace(/^\[ai\]\nbinding = "AI"\n/m, "");
// A second server started beside a running one (another port and state) must not touch the file the
// first one watches: rewritten, even unchanged, it reloads that server, which may read it half written.
if (!existsSync(`${root}${localConfig}`) || readFileSync(`${root}${localConfig}`, "utf8") !== localToml) {
  writeFileSync(`${root}${localConfig}.tmp`, localToml);
  renameSync(`${root}${localConfig}.tmp`, `${root}${localConfig}`);
}
await mustRun(bin("wrangler"), [
  "dev",
  ...(remoteAi ? [] : ["--local"]),
  "-c",
  localConfig,
  "--port",
  port,
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  ...persist,
  ...extraVars,
]);
clearInterval(sweeper);
