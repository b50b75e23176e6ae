// Measures the partitioning prototype (prototypes/partition, decision 023) on
// local workerd: for each store — one D1 for all users, D1 sharded by user over
// four databases, a SQLite Durable Object per user, and that object with decision
// 027's layout (the product's word and history codecs, the search index) — PROTO_USERS users open a
// 3-hour transcript (3,000 utterances) and save a one-word edit every second for
// PROTO_SECONDS, while one more user runs a replace all over ~1,000 utterances.
// Prints p50/p99 save latency, errors and the replace's time, and for the objects their
// database size per recorded hour (3,000 ten-word utterances are 3 hours of the benchmarks'
// speech) after seeding and after the edits. Loopback only; stops by itself.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, offlineEnv, root } from "./lib.mjs";

const PORT = Number(process.env.PROTO_PORT ?? 8880);
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = Number(process.env.PROTO_USERS ?? 20);
const SECONDS = Number(process.env.PROTO_SECONDS ?? 60);
const UTTERANCES = Number(process.env.PROTO_UTTERANCES ?? 3000);
const STORES = (process.env.PROTO_STORES ?? "one,shard,do,do027").split(",");
const HOURS = UTTERANCES / 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
};

const state = mkdtempSync(join(tmpdir(), "partition-"));
const server = spawn(
  bin("wrangler"),
  [
    "dev",
    "-c",
    "prototypes/partition/wrangler.toml",
    "--local",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    state,
    "--show-interactive-dev-session=false",
  ],
  { cwd: root, env: offlineEnv, stdio: process.env.PROTO_LOG ? "inherit" : "ignore", detached: true },
);
const stop = () => {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {}
  rmSync(state, { recursive: true, force: true });
};

async function call(path, body) {
  const t = performance.now();
  const res = await fetch(BASE + path, body ? { method: "POST", body: JSON.stringify(body) } : {});
  const text = await res.text();
  return { status: res.status, ms: performance.now() - t, text };
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${BASE}/do/ready/open`)).ok) break;
    } catch {}
    if (i > 240) throw new Error("the prototype did not start");
    await sleep(500);
  }
  for (const store of STORES) {
    const users = Array.from({ length: USERS }, (_, i) => `${store}-user${i}`);
    const bulkUser = `${store}-bulk`;
    const seedStart = performance.now();
    for (const user of [...users, bulkUser]) {
      const seeded = await call(`/${store}/${user}/seed?utterances=${UTTERANCES}`, {});
      if (seeded.status !== 200) throw new Error(`seed ${store}: ${seeded.status} ${seeded.text}`);
    }
    const seedMs = performance.now() - seedStart;
    /** An object's database size per recorded hour, for one user's object. */
    const sizePerHour = async (user) => {
      if (!store.startsWith("do")) return null;
      const r = await call(`/${store}/${user}/size`);
      return `${(JSON.parse(r.text).bytes / 1024 / HOURS).toFixed(0)} KB`;
    };
    const seededSize = await sizePerHour(users[0]);

    const saves = [];
    const opens = [];
    let errors = 0;
    /** @type {Map<string, number>} */
    const errorKinds = new Map();
    const work = users.map(async (user, n) => {
      const opened = await call(`/${store}/${user}/open`);
      opens.push(opened.ms);
      const ids = JSON.parse(opened.text).map((u) => u.id);
      const until = Date.now() + SECONDS * 1000;
      await sleep(Math.random() * 1000);
      for (let k = 0; Date.now() < until; k++) {
        const t = Date.now();
        const edit = await call(`/${store}/${user}/edit`, { id: ids[(k * 37 + n) % ids.length], index: k % 10, text: `e${k}` });
        if (edit.status === 200) saves.push(edit.ms);
        else {
          errors++;
          const kind = `${edit.status} ${edit.text.slice(0, 120)}`;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
        await sleep(Math.max(0, 1000 - (Date.now() - t)));
      }
    });
    // The bulk operation lands in the middle of the edits.
    const bulk = sleep(Math.min(10_000, (SECONDS * 1000) / 3)).then(async () => {
      const r = await call(`/${store}/${bulkUser}/replace`, { find: "budget", replace: "Budget" });
      return { ms: r.ms, status: r.status, touched: r.status === 200 ? JSON.parse(r.text).touched : 0 };
    });
    const [, bulkResult] = await Promise.all([Promise.all(work), bulk]);
    console.log(
      `${store}: saves ${saves.length}, p50 ${quantile(saves, 0.5).toFixed(1)} ms, p99 ${quantile(saves, 0.99).toFixed(1)} ms, ` +
        `max ${Math.max(...saves).toFixed(1)} ms, errors ${errors}; open p50 ${quantile(opens, 0.5).toFixed(0)} ms; ` +
        `replace all ${bulkResult.touched} rows in ${bulkResult.ms.toFixed(0)} ms (status ${bulkResult.status}); seed ${(seedMs / 1000).toFixed(1)} s`,
    );
    if (seededSize)
      console.log(
        `  database per recorded hour: ${seededSize} seeded, ${await sizePerHour(users[0])} after ${SECONDS} s of edits (one user's object)`,
      );
    for (const [kind, count] of errorKinds) console.log(`  error ×${count}: ${kind}`);
  }
} finally {
  stop();
}
