// A bounded load run against the app started as `npm start` starts it (loopback
// only, a fresh local state, stops by itself). Two scenarios (LOAD_SCENARIO):
// - `users` (the default): LOAD_USERS users each list their files, open a transcript and
//   save a one-word edit every LOAD_EDIT_MS for LOAD_SECONDS, while LOAD_UPLOADS uploads
//   transcribe. Then every transcript is read back to count lost edits, and a ramp raises the
//   edit rate until the p99 save latency passes 500 ms (or the last step).
// - `team`: one team workspace whose members each correct their own 1-hour file while some
//   co-edit one 3-hour file, with search and Ask over the workspace meanwhile (load-team.mjs).
// `npm run load`; see docs/scaling.md.
import { spawnSync } from "node:child_process";
import { apiClient, startLocalApp, wav } from "./bench-api.mjs";
import { runTeam, startSpeechStandIn, teamAppVars } from "./load-team.mjs";

const SCENARIO = process.env.LOAD_SCENARIO ?? "users";
if (SCENARIO !== "users" && SCENARIO !== "team") throw new Error(`LOAD_SCENARIO must be users or team, not ${SCENARIO}`);
// The team's members hold live sockets; Node 20 has its WebSocket client behind a flag (22 without).
if (SCENARIO === "team" && typeof WebSocket === "undefined") {
  const { status } = spawnSync(process.execPath, ["--experimental-websocket", "--no-warnings", ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(status ?? 1);
}

const PORT = Number(process.env.LOAD_PORT ?? 8870);
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = Number(process.env.LOAD_USERS ?? 50);
/** How many of the users open a 3-hour transcript (the others a short one). */
const LONG_USERS = Number(process.env.LOAD_LONG_USERS ?? 5);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const EDIT_MS = Number(process.env.LOAD_EDIT_MS ?? 2_000);
const UPLOADS = Number(process.env.LOAD_UPLOADS ?? 5);
/** Ramp: edit intervals tried after the main run, each for RAMP_STEP_SECONDS. */
const RAMP = (process.env.LOAD_RAMP_MS ?? "1000,500,250,125").split(",").filter(Boolean).map(Number);
const RAMP_STEP_SECONDS = Number(process.env.LOAD_RAMP_STEP_SECONDS ?? 20);
/** A hard stop whatever happens (the team's setup alone takes minutes). */
const DEADLINE_MS = Number(process.env.LOAD_DEADLINE_MS ?? (SCENARIO === "team" ? 40 : 15) * 60_000);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const overDeadline = () => Date.now() - started > DEADLINE_MS;

/** Latencies and outcomes per call kind. */
const calls = new Map();
/** What each distinct server error answered (its body's start), to tell the app's from the local dev proxy's. */
const serverErrorBodies = new Map();
/**
 * One call's latency and status; a server error's answer (its start) is kept too.
 * @param {string} kind @param {number} ms @param {number} status @param {unknown} [body]
 */
function record(kind, ms, status, body = null) {
  let entry = calls.get(kind);
  if (!entry) {
    entry = { ms: [], statuses: new Map() };
    calls.set(kind, entry);
  }
  entry.ms.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  if (status >= 500 || status === 0) {
    const key = `${kind} ${status}: ${(typeof body === "string" ? body : String(JSON.stringify(body))).slice(0, 100)}`;
    serverErrorBodies.set(key, (serverErrorBodies.get(key) ?? 0) + 1);
  }
}
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
};

async function timed(kind, path, init = {}, token) {
  const t = performance.now();
  let status = 0;
  let body = null;
  try {
    const res = await fetch(BASE + path, {
      ...init,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
    status = res.status;
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 200);
    }
  } catch (error) {
    body = String(error);
  }
  record(kind, performance.now() - t, status, body);
  return { status, body };
}

const { account, ready, transcribed, json } = apiClient(BASE);
const speech = SCENARIO === "team" ? startSpeechStandIn(PORT + 1) : null;
const app =
  SCENARIO === "team"
    ? startLocalApp({ port: PORT, label: "load-team", vars: teamAppVars(PORT + 1) })
    : startLocalApp({ port: PORT, speechPort: PORT + 1, label: "load", vars: "OPENAI_MAX_FILE_SIZE_MB=1000" });
const stopAll = () => {
  app.stop();
  speech?.stop();
};
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

/** Every kind of call: count, p50 / p99, statuses; then the server errors with what they answered. Returns their count. */
function printCalls() {
  console.log("\ncall: count, p50 / p99 ms, statuses");
  let serverErrors = 0;
  for (const [kind, { ms, statuses }] of calls) {
    for (const [status, count] of statuses) if (status >= 500 || status === 0) serverErrors += count;
    const statusText = [...statuses].map(([s, c]) => `${s}×${c}`).join(" ");
    console.log(`${kind}: ${ms.length}, ${quantile(ms, 0.5).toFixed(1)} / ${quantile(ms, 0.99).toFixed(1)} ms, ${statusText}`);
  }
  console.log(`\n5xx or failed calls: ${serverErrors}`);
  for (const [answer, count] of serverErrorBodies) console.log(`  ${count} × ${answer}`);
  return serverErrors;
}

async function runUsers() {
  console.log(`load: ${USERS} users (${LONG_USERS} with a 3-hour transcript), an edit every ${EDIT_MS} ms for ${SECONDS} s`);

  // Setup, a few at a time: accounts and one transcript each.
  const users = [];
  for (let i = 0; i < USERS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, USERS - i) }, async (_, k) => {
        const n = i + k;
        const { token } = await account(`load${n}`);
        const name = n < LONG_USERS ? `bench3h-${n}.wav` : `load-${n}.wav`;
        const fileId = await transcribed(token, name, wav(2), 2, 600_000);
        return { n, token, fileId, expected: new Map(), edits: 0 };
      }),
    );
    users.push(...batch);
  }
  console.log(`setup: ${((Date.now() - started) / 1000).toFixed(0)} s`);

  /** Opens the transcript as the SPA does; keeps its utterances for the edits. */
  async function open(user) {
    await timed("list files", "/api/v1/audio_files", {}, user.token);
    await timed("file", `/api/v1/audio_files/${user.fileId}`, {}, user.token);
    await timed("transcript", `/api/v1/transcripts/${user.fileId}`, {}, user.token);
    const { body } = await timed("utterances", `/api/v1/transcripts/${user.fileId}/utterances`, {}, user.token);
    user.utterances = body?.data?.data ?? [];
  }

  /** One edit: a word of a random utterance gets a text unique to this edit. */
  async function edit(user, kind) {
    const u = user.utterances[Math.floor(Math.random() * user.utterances.length)];
    if (!u) return;
    const index = Math.floor(Math.random() * u.transcriptWords.length);
    const text = `u${user.n}e${user.edits++}`;
    const words = u.transcriptWords.map((w, i) => (i === index ? { id: w.id, text } : { id: w.id }));
    const { status } = await timed(
      kind,
      `/api/v1/transcripts/${user.fileId}/utterances/${u.id}/update_words`,
      { method: "PATCH", body: JSON.stringify({ words }), headers: { "idempotency-key": crypto.randomUUID() } },
      user.token,
    );
    if (status === 200) {
      u.transcriptWords[index].text = text;
      user.expected.set(u.transcriptWords[index].id, text);
    }
  }

  async function editLoop(user, kind, intervalMs, seconds) {
    const until = Date.now() + seconds * 1000;
    // Spread the users over the interval so they do not all save at the same instant.
    await sleep(Math.random() * intervalMs);
    while (Date.now() < until && !overDeadline()) {
      const t = Date.now();
      await edit(user, kind);
      await sleep(Math.max(0, intervalMs - (Date.now() - t)));
    }
  }

  // Main run: every user opens and edits; UPLOADS uploads transcribe meanwhile.
  const uploader = (await account("load-uploader")).token;
  const uploads = Array.from({ length: UPLOADS }, (_, k) => {
    const t = performance.now();
    return transcribed(uploader, `load-upload-${k}.wav`, wav(5), 5, SECONDS * 1000 + 120_000).then(
      () => record("upload → ready", performance.now() - t, 200),
      () => record("upload → ready", performance.now() - t, 0),
    );
  });
  await Promise.all(
    users.map(async (user) => {
      await open(user);
      await editLoop(user, "save (main run)", EDIT_MS, SECONDS);
    }),
  );
  await Promise.all(uploads);

  // Ramp: shorter intervals until the p99 of a step passes 500 ms.
  const ramp = [];
  for (const interval of RAMP) {
    if (overDeadline()) break;
    const kind = `save (ramp, every ${interval} ms)`;
    const t = Date.now();
    await Promise.all(users.map((user) => editLoop(user, kind, interval, RAMP_STEP_SECONDS)));
    const entry = calls.get(kind);
    const rate = (entry?.ms.length ?? 0) / ((Date.now() - t) / 1000);
    const p99 = quantile(entry?.ms ?? [], 0.99);
    ramp.push({ interval, rate, p99 });
    if (p99 > 500) break;
  }

  // Edits lost (main run and ramp): every transcript read back.
  let lost = 0;
  let checked = 0;
  for (const user of users) {
    const { data } = await json(`/api/v1/transcripts/${user.fileId}/utterances`, {}, user.token);
    const stored = new Map(data.data.flatMap((u) => u.transcriptWords.map((w) => [w.id, w.text])));
    for (const [wordId, text] of user.expected) {
      checked++;
      if (stored.get(wordId) !== text) lost++;
    }
  }

  const serverErrors = printCalls();
  console.log(`edits lost: ${lost} of ${checked} checked`);
  for (const { interval, rate, p99 } of ramp) {
    console.log(`ramp: an edit every ${interval} ms per user → ${rate.toFixed(1)} saves/s, p99 ${p99.toFixed(1)} ms`);
  }
  const crossed = ramp.find((r) => r.p99 > 500);
  console.log(
    crossed
      ? `p99 save latency passes 500 ms at about ${crossed.rate.toFixed(0)} saves/s`
      : `p99 save latency stayed under 500 ms up to ${Math.max(...ramp.map((r) => r.rate), 0).toFixed(0)} saves/s`,
  );
  if (serverErrors > 0 || lost > 0) process.exitCode = 1;
}

try {
  await ready();
  if (SCENARIO === "team") {
    const { failed } = await runTeam({ base: BASE, state: app.state, appPid: app.pid, timed, record, calls, overDeadline, started });
    if (printCalls() > 0 || failed) process.exitCode = 1;
  } else await runUsers();
  console.log(`total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  stopAll();
}
