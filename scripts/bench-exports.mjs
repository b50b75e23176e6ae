// Part of `npm run bench`: every export format of the generated 3-hour
// transcript (30,000 words), each rendered by the same code the export queue's
// consumer runs, in a fresh Node process per run (V8, as in workerd): CPU time,
// wall time, peak JS memory (heap + buffers, sampled, garbage included) and file
// size. Each run's V8 heap is capped at 128 MB, the Workers' limit: a format that
// needed more would crash the run. Budget: PDF and DOCX ≤ 5 s of CPU.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { root } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const FORMATS = ["pdf", "docx", "srt", "vtt", "txt"];
const dir = mkdtempSync(join(tmpdir(), "bench-exports-"));
const entry = join(dir, "render.mjs");
await build({
  entryPoints: [join(root, "tests/bench/export-render.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: entry,
  logLevel: "warning",
});

const stats = (values, unit, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => v.toFixed(digits);
  return `${f(sorted[0])} / ${f(sorted[Math.floor(sorted.length / 2)])} / ${f(sorted.at(-1))} ${unit}`;
};

console.log(`\nBENCH exports of a 3 h transcript (30,000 words), ${RUNS} runs each, V8 heap capped at 128 MB (min / median / max):`);
try {
  for (const format of FORMATS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const child = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=128", entry, format], {
        cwd: root,
        encoding: "utf8",
      });
      if (child.status !== 0) throw new Error(`${format}: ${child.stderr}`);
      runs.push(JSON.parse(child.stdout.trim().split("\n").at(-1) ?? ""));
    }
    console.log(
      `  ${format.padEnd(5)} CPU ${stats(
        runs.map((r) => r.cpuMs),
        "ms",
      )} · wall ${stats(
        runs.map((r) => r.wallMs),
        "ms",
      )} · ` +
        `peak JS memory ${stats(
          runs.map((r) => r.peakMb),
          "MB",
          1,
        )} (rendering added ${stats(
          runs.map((r) => r.addedMb),
          "MB",
          1,
        )}) · ` +
        `file ${(runs[0].bytes / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
