// `npm run bench`, storage part: what a recorded hour costs in D1 (content, history,
// indexes; before and after history compaction) and in R2, measured in workerd with
// local D1 by tests/bench/storage.bench.test.ts; then the same transcript in the layouts
// the per-user store could use (tests/bench/storage-layouts.bench.test.ts, decision 027), and
// the user's object store as built (tests/bench/storage-object.bench.test.ts, decision 023), its speed
// beside D1's (store-speed) and the move from D1 into it (store-move).
// Each file runs on its own, so one's writes never land in the other's file-size readings.
// Prints their reports; see docs/scaling.md.
import { spawn } from "node:child_process";
import { offlineEnv, root } from "./lib.mjs";

const run = (file) =>
  new Promise((resolve, reject) => {
    const child = spawn(`${root}node_modules/.bin/vitest`, ["run", "--project", "bench", "--reporter", "dot", file], {
      cwd: root,
      env: offlineEnv,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      for (const line of out.split("\n")) if (line.startsWith("BENCH")) console.log(line.replace(/^BENCH /, ""));
      code === 0 ? resolve(undefined) : reject(new Error(`storage benchmark failed:\n${out}`));
    });
  });

await run("tests/bench/storage.bench.test.ts");
await run("tests/bench/storage-layouts.bench.test.ts");
await run("tests/bench/storage-object.bench.test.ts");
await run("tests/bench/store-speed.bench.test.ts");
await run("tests/bench/store-move.bench.test.ts");
