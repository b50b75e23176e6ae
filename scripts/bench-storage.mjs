// `npm run bench`, storage part: what a recorded hour costs in the user's object (decision 029),
// in D1 (the transcript's header row) and in R2 (audio and exports), with ingest times
// (tests/bench/storage-object.bench.test.ts); then opening and one-word saves of a 3-hour
// transcript through the API (tests/bench/store-speed.bench.test.ts); then how fast and how far the
// heaviest edits grow one user's store under the history budget and the edit limit
// (tests/bench/history-growth.bench.test.ts); then a team file's saves and their fan-out to 1, 10 and 50 members
// (tests/bench/co-editing.bench.test.ts); then comments on a 3-hour team transcript (tests/bench/comments.bench.test.ts).
// Each file runs on its own: edits measured earlier in a run slow every later request.
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

await run("tests/bench/storage-object.bench.test.ts");
await run("tests/bench/store-speed.bench.test.ts");
await run("tests/bench/history-growth.bench.test.ts");
await run("tests/bench/co-editing.bench.test.ts");
await run("tests/bench/comments.bench.test.ts");
