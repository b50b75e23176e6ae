// Part of `npm run bench`: what an isolate of the deployed Worker loads and does when it starts.
// 1. The upload as `wrangler deploy --dry-run` builds it: the main module (what every request
//    loads), raw and gzip, and each module loaded on first use (worker/lazy.ts). Budget: main
//    module ≤ 1 MB gzip.
// 2. Start-up CPU: `wrangler check startup` profiles the main module's evaluation in workerd;
//    busy is the profile's time outside idle, min/median/max of STARTUP_RUNS (default 5). Budget:
//    the minimum ≤ 100 ms: other work on the machine only ever adds to a run (a sample lasts
//    until the next one, descheduled time included), so the fastest run is the closest to the
//    cost itself. Cloudflare refuses a Worker whose start-up passes 1 s of CPU; this machine's
//    CPU differs from theirs, so the budget keeps a wide margin.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { bin, offlineEnv, root } from "./lib.mjs";

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const BUDGET = { mainGzipBytes: 1024 * 1024, busyMs: 100 };
const dir = mkdtempSync(join(tmpdir(), "bench-startup-"));

function wrangler(args) {
  const result = spawnSync(bin("wrangler"), args, { cwd: root, env: offlineEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Milliseconds the profile spent outside idle: each sample lasts until the next one. */
function busyMs(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) if (!idle.has(profile.samples[i])) busy += profile.timeDeltas[i + 1] ?? 0;
  return busy / 1000;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
try {
  // One build serves both: the modules as files (sizes) and as the upload form (the profile).
  const out = wrangler([
    "deploy",
    "--dry-run",
    "--outdir",
    join(dir, "out"),
    "--outfile",
    join(dir, "worker.bundle"),
    "-c",
    "wrangler.toml",
  ]);
  const main = readFileSync(join(dir, "out", "index.js"));
  const mainGzip = gzipSync(main).byteLength;
  console.log("\nWorker start-up");
  console.log(`  main module: ${kb(main.byteLength)} raw, ${kb(mainGzip)} gzip — budget ${kb(BUDGET.mainGzipBytes)} gzip`);
  const lazyDir = join(dir, "out", "lazy");
  for (const name of readdirSync(lazyDir).sort()) {
    const bytes = readFileSync(join(lazyDir, name));
    console.log(
      `  loaded on first use: lazy/${name}: ${kb(statSync(join(lazyDir, name)).size)} raw, ${kb(gzipSync(bytes).byteLength)} gzip`,
    );
  }
  const total = out.match(/Total Upload: ([^\n]+)/);
  if (total?.[1]) console.log(`  whole upload (wrangler): ${total[1].trim()}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const file = join(dir, `startup-${i}.cpuprofile`);
    wrangler(["check", "startup", "--worker", join(dir, "worker.bundle"), "--outfile", file, "-c", "wrangler.toml"]);
    runs.push(busyMs(JSON.parse(readFileSync(file, "utf8"))));
  }
  runs.sort((a, b) => a - b);
  const at = (i) => runs[i] ?? Number.NaN;
  const median = at(Math.floor(runs.length / 2));
  console.log(
    `  start-up CPU (busy, ${RUNS} runs): min ${at(0).toFixed(0)} / median ${median.toFixed(0)} / max ${at(runs.length - 1).toFixed(0)} ms — budget ${BUDGET.busyMs} ms (min)`,
  );
  const over = [mainGzip > BUDGET.mainGzipBytes && "main module size", at(0) > BUDGET.busyMs && "start-up CPU"].filter(Boolean);
  if (over.length) {
    console.log(`  over budget: ${over.join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
