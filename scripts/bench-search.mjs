// Part of `npm run bench`: library search over 300 hours of transcripts and the
// index upkeep on a word edit (tests/bench/search.bench.test.ts), and Ask's retrieval
// over the same library (tests/bench/ask.bench.test.ts), and the chapters of a 3-hour file in one
// job (tests/bench/chapters.bench.test.ts), in workerd with local D1
// through the Workers vitest integration.
import { spawn } from "node:child_process";
import { offlineEnv, root } from "./lib.mjs";

await new Promise((resolve, reject) => {
  const child = spawn(
    `${root}node_modules/.bin/vitest`,
    [
      "run",
      "--project",
      "bench",
      "--reporter",
      "dot",
      "tests/bench/search.bench.test.ts",
      "tests/bench/ask.bench.test.ts",
      "tests/bench/chapters.bench.test.ts",
    ],
    {
      cwd: root,
      env: offlineEnv,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.on("exit", (code) => {
    // A report is a "BENCH …" line and the indented lines that follow it.
    let inReport = false;
    for (const line of out.split("\n")) {
      if (line.startsWith("BENCH")) inReport = true;
      else if (!line.startsWith("  ")) inReport = false;
      if (inReport) console.log(line.replace(/^BENCH /, ""));
    }
    code === 0 ? resolve(undefined) : reject(new Error(`search benchmark failed:\n${out}`));
  });
});
