// `npm run bench`: performance budgets measured against the real local stack
// (storage per recorded hour: scripts/bench-storage.mjs).
//  - the editor API and the export consumer on a generated 3-hour transcript (30,000 words)
//    in workerd (tests/bench/transcript-editor.bench.test.ts, exports.bench.test.ts).
//  - upload: a large file (default 1000 MB, BENCH_UPLOAD_MB to change) through
//    upload-url → PUT → confirm-upload, with throughput and the peak memory
//    (RSS) of the workerd processes while the bytes stream into local R2.
import { spawn, execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { apiClient, startLocalApp } from "./bench-api.mjs";
import { offlineEnv, root } from "./lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const BASE = `http://127.0.0.1:${PORT}`;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1000);

const { json, account, ready } = apiClient(BASE);

function parentOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
  } catch {
    return 0;
  }
}

/** workerd processes started by our server (not other test runs on the machine). */
function workerdPids() {
  let pids = [];
  try {
    pids = execSync("pgrep -f workerd", { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    for (let p = pid; p > 1; p = parentOf(p)) if (p === server.pid) return true;
    return false;
  });
}

function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const totalWorkerdRss = () => workerdPids().reduce((sum, pid) => sum + rssMb(pid), 0);

/** Streams `bytes` of generated data with a known length; nothing is held in memory but one chunk. */
function streamPut(url, bytes) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "PUT", headers: { "content-type": "audio/mpeg", "content-length": bytes } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(undefined) : reject(new Error(`PUT → ${res.statusCode}`))));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(1024 * 1024, 0x55);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

async function benchUpload(token) {
  const bytes = UPLOAD_MB * 1024 * 1024;
  const { upload_url, key } = await json(
    "/api/v1/audio_files/upload-url",
    { method: "POST", body: JSON.stringify({ filename: "bench.mp3", content_type: "audio/mpeg", file_size: bytes }) },
    token,
  );
  const baseline = totalWorkerdRss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, totalWorkerdRss())), 200);
  const started = performance.now();
  await streamPut(upload_url.replace("localhost", "127.0.0.1"), bytes);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const confirm = () =>
    json(
      "/api/v1/audio_files/confirm-upload",
      {
        method: "POST",
        body: JSON.stringify({
          filename: "bench.mp3",
          key,
          file_size: bytes,
          content_type: "audio/mpeg",
          folder_id: "",
          duration_seconds: 3600,
        }),
      },
      token,
    );
  // After a 1 GB body the local proxy sometimes loses its connection to workerd and
  // answers the next request 503 "restarted mid-request"; confirming is idempotent, so retry.
  const confirmed = await confirm().catch((error) => (/restarted mid-request/.test(String(error)) ? confirm() : Promise.reject(error)));
  return { mb: UPLOAD_MB, seconds, throughput: UPLOAD_MB / seconds, baseline, peak, stored: confirmed.data.fileSize === bytes };
}

// The benchmarks inside workerd, through the Workers vitest integration (search and storage have their own scripts).
await new Promise((resolve, reject) => {
  const child = spawn(
    `${root}node_modules/.bin/vitest`,
    [
      "run",
      "--project",
      "bench",
      "--reporter",
      "dot",
      "--exclude",
      "tests/bench/search.bench.test.ts",
      "--exclude",
      "tests/bench/storage-object.bench.test.ts",
      "--exclude",
      "tests/bench/store-speed.bench.test.ts",
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
    code === 0 ? resolve(undefined) : reject(new Error(`workerd benchmarks failed:\n${out}`));
  });
});

const server = startLocalApp({ port: PORT, label: "bench-state" });
try {
  await ready();
  const { token } = await account();
  const upload = await benchUpload(token);
  console.log(
    `upload ${upload.mb} MB via signed local upload route: ${upload.seconds.toFixed(1)} s, ${upload.throughput.toFixed(0)} MB/s, stored size ${upload.stored ? "matches" : "DIFFERS"}`,
  );
  console.log(
    `workerd RSS: ${upload.baseline.toFixed(0)} MB before, peak ${upload.peak.toFixed(0)} MB during (growth ${(upload.peak - upload.baseline).toFixed(0)} MB for a ${upload.mb} MB body)`,
  );
} finally {
  server.stop();
}
