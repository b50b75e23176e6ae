// The team scenario of `npm run load` (LOAD_SCENARIO=team; docs/scaling.md): one team
// workspace made through the API, its LOAD_MEMBERS members invited by e-mail, each correcting
// their own 1-hour file at a save every LOAD_EDIT_MS, while LOAD_CO_EDITORS of them also
// correct one 3-hour file together (often different words of the same utterances, sometimes
// the same word). Every open file has its live socket as the editor holds it, and a change
// another member made is read back the way the editor reads it (only the utterances named).
// Meanwhile the owner searches the workspace, asks it questions (the time to the citations:
// retrieval) and times how long a saved word takes to be found. Phases of fewer members
// (LOAD_TEAM_STEPS) come first, to show how the save latency grows with the load. At the end
// every transcript is read back: each word saved must hold its newest save's text.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { build } from "esbuild";
import { apiClient, wav } from "./bench-api.mjs";
import { bin, offlineEnv, root } from "./lib.mjs";

const env = process.env;
const MEMBERS = Number(env.LOAD_MEMBERS ?? 100);
const CO_EDITORS = Math.min(MEMBERS, Number(env.LOAD_CO_EDITORS ?? 20));
const SECONDS = Number(env.LOAD_SECONDS ?? 120);
const EDIT_MS = Number(env.LOAD_EDIT_MS ?? 1_000);
const CO_EDIT_MS = Number(env.LOAD_CO_EDIT_MS ?? EDIT_MS);
/** The utterances of the 3-hour file the co-editors correct (50: about three minutes of speech), so they meet in them. */
const HOT_UTTERANCES = Number(env.LOAD_HOT_UTTERANCES ?? 50);
/** Member counts of the phases before the main one, each LOAD_STEP_SECONDS long, with co-editors in proportion. */
const STEPS = (env.LOAD_TEAM_STEPS ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number)
  .filter((m) => m < MEMBERS);
const STEP_SECONDS = Number(env.LOAD_STEP_SECONDS ?? 30);
const SEARCH_MS = Number(env.LOAD_SEARCH_MS ?? 1_000);
/** Ask is limited to 20 questions a minute per person: the owner asks every 5 s. */
const ASK_MS = Number(env.LOAD_ASK_MS ?? 5_000);
/** How often the owner takes the next word saved and searches for it until the search finds it. */
const LAG_MS = Number(env.LOAD_INDEX_LAG_MS ?? 3_000);

/** The benchmarks' hour: 1,000 utterances of 10 words (tests/bench/zipf-library.ts). */
const UTTERANCES_PER_HOUR = 1_000;

/** A member's editor reading the utterances another member changed, as a live message named them. */
const READ_KIND = "read another's change";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
};
const ms = (x) => (Number.isNaN(x) ? "–" : `${x.toFixed(1)} ms`);

/** The tests' fake speech and chat server, the benchmarks' library generator and the invitation path, from their TypeScript. */
async function loadFakes() {
  const bundle = await build({
    stdin: {
      contents: [
        `export { handleFakeOpenAi } from "./tests/support/fake-openai.ts";`,
        `export { generatedTranscript, vocabulary } from "./tests/bench/zipf-library.ts";`,
        `export { INVITATION_ACCEPT_PATH } from "./common/workspaces.ts";`,
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "warning",
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0]?.contents ?? []).toString("base64")}`);
}
/** @type {Promise<any> | null} */
let fakesLoading = null;
/** What loadFakes gives, loaded once when the team scenario first needs it. */
const fakes = () => (fakesLoading ??= loadFakes());

/** `hours` of the benchmarks' library (Zipf-distributed words, three speakers) as a speech server's verbose_json. */
function recording(lib, hours, seed) {
  const list = lib.generatedTranscript(seed).utterances.slice(0, hours * UTTERANCES_PER_HOUR);
  const round = (t) => Math.round(t * 100) / 100;
  const segments = list.map((u, id) => ({
    id,
    start: round(u.start),
    end: round(u.end),
    text: u.words.map((w) => w.text).join(" "),
    speaker: `SPEAKER_0${u.speaker}`,
    avg_logprob: -0.1,
  }));
  return {
    task: "transcribe",
    language: "en",
    duration: round((list.at(-1)?.end ?? 0) + 0.6),
    text: segments.map((s) => s.text).join(" "),
    words: list.flatMap((u) => u.words.map((w) => ({ word: w.text, start: round(w.start), end: round(w.end) }))),
    segments,
  };
}
/** The seconds a recording of `hours` lasts, declared when its upload is confirmed. */
const durationOf = (lib, hours) => Math.ceil(recording(lib, hours, 1).duration);

/**
 * The speech server the app is pointed at: a file named `team-<h>h-<seed>.wav` is heard as `h`
 * hours of the library; everything else (the chat model of summaries and Ask) is the tests' fake.
 */
export function startSpeechStandIn(port) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", async () => {
      try {
        const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
          method: req.method,
          headers: Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
          body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
        });
        let response;
        if (new URL(request.url).pathname === "/v1/audio/transcriptions") {
          const file = (await request.clone().formData()).get("file");
          const named = /team-(\d+)h-(\d+)/.exec(file instanceof File ? file.name : "");
          if (named) response = Response.json(recording(await fakes(), Number(named[1]), Number(named[2])));
        }
        response ??= await (await fakes()).handleFakeOpenAi(request, { latencyMs: 0, ordinary: "generated" });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body) for await (const chunk of response.body) res.write(chunk);
        res.end();
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: String(error) } }));
      }
    });
  });
  server.listen(port, "127.0.0.1");
  return { stop: () => server.close() };
}

/** The app's settings for this scenario: transcription and Ask through the stand-in, quick sign-ups, a transcription quota a team of this size does not meet. */
export const teamAppVars = (speechPort) =>
  [
    "TRANSCRIPTION_SERVICE=openai-compatible",
    `OPENAI_BASE_URL=http://127.0.0.1:${speechPort}/v1`,
    "OPENAI_MAX_FILE_SIZE_MB=1000",
    "OPENAI_CHAT_MODEL=fake-chat",
    "PASSWORD_HASH_COST=low",
    `QUOTA_TRANSCRIPTIONS_PER_HOUR=${Math.max(1000, MEMBERS * 2)}`,
  ].join(";");

/** CPU seconds used so far by the processes of a process group (the app: its Node, wrangler and workerd), from /proc. */
function groupCpuSeconds(pgid) {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // Fields after the command's closing parenthesis: state is the 3rd field, pgrp the 5th, utime and stime the 14th and 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / 100;
}
/** CPU seconds of the app's processes and of this load generator, now. */
const cpuNow = (pgid) => ({
  app: pgid ? groupCpuSeconds(pgid) : Number.NaN,
  load: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
});

/**
 * A setup step (not measured) again after a 503: the local dev proxy answers that when its
 * connection to the Worker breaks under load ("Your worker restarted mid-request").
 */
async function retried(step) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 4 || !/→ 503/.test(String(error))) throw error;
      await sleep(1_000 * attempt);
    }
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches(items, width, task) {
  const out = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return out;
}

/**
 * The scenario. `timed(kind, path, init, token)` makes and records one call ({status, body});
 * `record(kind, ms, status, answer?)` records a measurement; `calls` holds them per kind.
 * `appPid` is the app's process group, whose CPU time each phase reports.
 * @param {{ base: string, state: string, appPid?: number, timed: Function, record: Function, calls: Map<string, {ms: number[], statuses: Map<number, number>}>, overDeadline: () => boolean, started: number }} io
 */
export async function runTeam({ base, state, appPid, timed, record, calls, overDeadline, started }) {
  const { account, json } = apiClient(base);
  const lib = await fakes();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  console.log(
    `load (team): ${MEMBERS} members each on their own 1-hour file, a save every ${EDIT_MS} ms for ${SECONDS} s; ` +
      `${CO_EDITORS} of them also on one 3-hour file (${HOT_UTTERANCES} utterances), a save every ${CO_EDIT_MS} ms` +
      (STEPS.length ? `; before that, phases of ${STEPS.join(", ")} members, ${STEP_SECONDS} s each` : ""),
  );

  // ---- The team: a workspace, its members invited by e-mail and joined.
  const owner = await account("team-owner");
  const workspaceId = (await json("/api/v1/workspaces", { method: "POST", body: JSON.stringify({ name: "Load team" }) }, owner.token)).data
    .id;
  const people = await inBatches(
    Array.from({ length: MEMBERS }, (_, n) => n),
    10,
    async (n) => ({ n, ...(await retried(() => account(`team${n}`))) }),
  );
  let limitResets = 0;
  for (const person of people) {
    const invite = () =>
      retried(() =>
        json(
          `/api/v1/workspaces/${workspaceId}/invitations`,
          { method: "POST", body: JSON.stringify({ email: person.user.email, role: "editor" }) },
          owner.token,
        ),
      );
    try {
      await invite();
    } catch (error) {
      if (!String(error).includes("→ 429")) throw error;
      // 20 invitations an hour per workspace (30 per sender): the window is emptied in the
      // local D1, as if the hour had passed, so a team of any size can be made in one run.
      const reset = spawnSync(
        bin("wrangler"),
        ["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", state, "--command", "DELETE FROM send_claims", "--yes"],
        { cwd: root, env: offlineEnv, encoding: "utf8" },
      );
      if (reset.status !== 0) throw new Error(`emptying the invitation window failed: ${reset.stderr || reset.stdout}`);
      limitResets++;
      await invite();
    }
  }
  const { data: outbox } = await json("/api/v1/dev/outbox");
  await inBatches(people, 10, async (person) => {
    const mail = outbox.find((m) => m.to === person.user.email && m.text.includes(lib.INVITATION_ACCEPT_PATH));
    const link = (mail?.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l)).find((l) => l.pathname === lib.INVITATION_ACCEPT_PATH);
    if (!link) throw new Error(`no invitation mail for ${person.user.email}`);
    const token = link.searchParams.get("token");
    await retried(() => json("/api/v1/invitations/accept", { method: "POST", body: JSON.stringify({ token }) }, person.token));
  });
  console.log(`team: ${MEMBERS} members joined by e-mailed invitation (the invitation window emptied ${limitResets}×), ${elapsed()}`);

  // ---- Files: each member uploads their own 1-hour recording, the owner the shared 3-hour one.
  async function transcribedInto(token, name, hours) {
    const body = wav(2);
    const { upload_url, key } = await json(
      "/api/v1/audio_files/upload-url",
      {
        method: "POST",
        body: JSON.stringify({ filename: name, content_type: "audio/wav", file_size: body.length, workspace_id: workspaceId }),
      },
      token,
    );
    const put = await fetch(upload_url.replace("localhost", "127.0.0.1"), {
      method: "PUT",
      headers: { "content-type": "audio/wav" },
      body,
    });
    if (!put.ok) throw new Error(`PUT ${name} → ${put.status}`);
    const { data: file } = await json(
      "/api/v1/audio_files/confirm-upload",
      {
        method: "POST",
        body: JSON.stringify({
          filename: name,
          key,
          file_size: body.length,
          content_type: "audio/wav",
          folder_id: "",
          duration_seconds: durationOf(lib, hours),
          workspace_id: workspaceId,
        }),
      },
      token,
    );
    const until = Date.now() + 600_000;
    while (Date.now() < until) {
      const { status } = (await json(`/api/v1/audio_files/${file.id}`, {}, token)).data;
      if (status === "ready") return file.id;
      if (status === "failed") throw new Error(`${name} failed to transcribe`);
      await sleep(500);
    }
    throw new Error(`the transcript of ${name} did not arrive`);
  }
  const sharedFileId = await retried(() => transcribedInto(owner.token, "team-3h-1000.wav", 3));
  await inBatches(people, 5, async (person) => {
    person.fileId = await retried(() => transcribedInto(person.token, `team-1h-${person.n + 1}.wav`, 1));
  });
  console.log(`files: ${MEMBERS} of 1 hour and 1 of 3 hours transcribed into the workspace, ${elapsed()}`);

  // ---- Opening: what the editor reads, and the file's live socket.
  /** A file as one member's editor holds it: utterances (only those it edits), the save in flight, what each saved word must read. */
  const newCopy = (fileId) => ({
    fileId,
    utterances: new Map(),
    ids: /** @type {string[]} */ ([]),
    pending: new Set(),
    reads: Promise.resolve(),
  });
  /** Per file: word id → the text of its newest save (by the utterance version that save answered). */
  const expected = new Map();
  const counts = { merged: 0, conflicts: 0, refused: 0, socketsOpen: 0, socketsFailed: 0, socketsClosed: 0, notFound: 0 };
  let closing = false;
  const keep = (copy, u) => {
    const have = copy.utterances.get(u.id);
    if (!have || u.version > have.version)
      copy.utterances.set(u.id, { id: u.id, version: u.version, words: u.transcriptWords.map((w) => ({ id: w.id, text: w.text })) });
  };

  async function openSocket(person, copy) {
    const { status, body } = await timed("socket ticket", "/api/v1/cable/ticket", { method: "POST" }, person.token);
    if (status !== 201) return void counts.socketsFailed++;
    const socket = new WebSocket(`${base.replace("http", "ws")}/cable?token=${encodeURIComponent(body.ticket)}&file=${copy.fileId}`);
    const opened = await new Promise((resolve) => {
      socket.addEventListener("open", () => resolve(true), { once: true });
      socket.addEventListener("error", () => resolve(false), { once: true });
    });
    if (!opened) return void counts.socketsFailed++;
    counts.socketsOpen++;
    socket.addEventListener("close", () => {
      if (!closing) counts.socketsClosed++;
    });
    // Another member's change: the named utterances are read again, one read after another, as the editor does.
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message?.type !== "transcript_changed" || message.client_id === person.clientId) return;
      const ids = message.utterance_ids.filter((id) => copy.utterances.has(id));
      if (!ids.length) return;
      copy.reads = copy.reads.then(async () => {
        const { status, body } = await timed(
          READ_KIND,
          `/api/v1/transcripts/${copy.fileId}/utterances?ids=${ids.join(",")}`,
          {},
          person.token,
        );
        if (status !== 200) return;
        for (const u of body.data.data) if (!copy.pending.has(u.id)) keep(copy, u);
      });
    });
    person.sockets.push(socket);
  }

  async function open(person, fileId, hot) {
    const copy = newCopy(fileId);
    await timed("file", `/api/v1/audio_files/${fileId}`, {}, person.token);
    await timed("transcript", `/api/v1/transcripts/${fileId}`, {}, person.token);
    let list = null;
    for (let attempt = 0; !list && attempt < 3; attempt++) {
      const { body } = await timed(
        hot ? "utterances (3 h)" : "utterances (1 h)",
        `/api/v1/transcripts/${fileId}/utterances`,
        {},
        person.token,
      );
      list = body?.data?.data ?? null;
    }
    if (!list) throw new Error(`could not open ${fileId}`);
    const chosen = hot ? Array.from({ length: Math.min(hot, list.length) }, (_, i) => list[Math.floor((i * list.length) / hot)]) : list;
    for (const u of chosen) keep(copy, u);
    copy.ids = [...copy.utterances.keys()];
    await openSocket(person, copy);
    return copy;
  }

  const members = people.map((p) => ({ ...p, clientId: `load-${p.n}`, sockets: [], saves: 0 }));
  await inBatches(members, 10, async (member) => {
    await timed("list files", `/api/v1/audio_files?workspace_id=${workspaceId}`, {}, member.token);
    member.own = await open(member, member.fileId);
    if (member.n < CO_EDITORS) member.shared = await open(member, sharedFileId, HOT_UTTERANCES);
  });
  console.log(`opened: ${counts.socketsOpen} file sockets (${counts.socketsFailed} failed), ${elapsed()}`);

  // ---- Saving, as the editor saves: the word list with the version it was made on.
  /** The index-lag probe waiting for the next save to be answered. */
  let probeWaiting = null;
  async function save(member, copy, kind) {
    const candidates = copy.ids.filter((id) => !copy.pending.has(id));
    const u = copy.utterances.get(candidates[Math.floor(Math.random() * candidates.length)]);
    if (!u) return;
    const index = Math.floor(Math.random() * u.words.length);
    const wordId = u.words[index].id;
    const text = `m${member.n}s${member.saves++}`;
    const words = u.words.map((w, i) => (i === index ? { id: w.id, text } : { id: w.id }));
    copy.pending.add(u.id);
    const { status, body } = await timed(
      kind,
      `/api/v1/transcripts/${copy.fileId}/utterances/${u.id}/update_words`,
      {
        method: "PATCH",
        body: JSON.stringify({ words, version: u.version }),
        headers: { "idempotency-key": crypto.randomUUID(), "x-client-id": member.clientId },
      },
      member.token,
    );
    copy.pending.delete(u.id);
    const now = body?.data?.utterances?.find((x) => x.id === u.id);
    if (status === 200 && now) {
      if (now.version > u.version + 1) counts.merged++;
      keep(copy, now);
      if (!expected.has(copy.fileId)) expected.set(copy.fileId, new Map());
      const saved = expected.get(copy.fileId);
      const before = saved.get(wordId);
      if (!before || now.version > before.version) saved.set(wordId, { text, version: now.version });
      probeWaiting?.({ text, at: performance.now() });
      probeWaiting = null;
    } else if (status === 409) {
      // A word both changed: the editor keeps theirs here (or asks); another refusal reloads the utterance.
      if (body?.data?.conflicts) counts.conflicts++;
      else counts.refused++;
      for (const current of body?.data?.utterances ?? []) keep(copy, current);
    }
  }
  async function saveLoop(member, copy, kind, intervalMs, until) {
    await sleep(Math.random() * intervalMs);
    while (Date.now() < until && !overDeadline()) {
      const t = Date.now();
      await save(member, copy, kind);
      await sleep(Math.max(0, intervalMs - (Date.now() - t)));
    }
  }

  // ---- The owner meanwhile: search, Ask's retrieval, and how long a saved word takes to be found.
  const words = lib.vocabulary;
  const queries = [`${words[40]} ${words[300]}`, words[2000].slice(0, 5), `${words[7]} ${words[90]}`, words[500]];
  async function searchLoop(kind, until) {
    for (let i = 0; Date.now() < until && !overDeadline(); i++) {
      const t = Date.now();
      const q = queries[i % queries.length];
      await timed(kind, `/api/v1/search?${new URLSearchParams({ q, workspace_id: workspaceId })}`, {}, owner.token);
      await sleep(Math.max(0, SEARCH_MS - (Date.now() - t)));
    }
  }
  async function askLoop(kind, until) {
    for (let i = 0; Date.now() < until && !overDeadline(); i++) {
      const t = Date.now();
      const question = `What did they say about ${words[30 + ((i * 7) % 200)]} and ${words[400 + ((i * 13) % 400)]}?`;
      const stop = new AbortController();
      const began = performance.now();
      let status = 0;
      let answer = null;
      try {
        const res = await fetch(`${base}/api/v1/ask`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${owner.token}` },
          body: JSON.stringify({ question, workspace_id: workspaceId }),
          signal: stop.signal,
        });
        status = res.status;
        if (res.ok && res.body) {
          // Retrieval ends when the citations are sent, before the model's first word.
          const decoder = new TextDecoder();
          let text = "";
          const reader = res.body.getReader();
          while (!text.includes("event: citations")) {
            const { done, value } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
          }
          await reader.cancel();
        } else answer = await res.text();
      } catch (error) {
        answer = String(error);
      }
      record(kind, performance.now() - began, status, answer);
      stop.abort();
      await sleep(Math.max(0, ASK_MS - (Date.now() - t)));
    }
  }
  async function lagLoop(kind, until) {
    while (Date.now() + 10_000 < until && !overDeadline()) {
      await sleep(LAG_MS);
      /** @type {{ text: string, at: number } | null} */
      const probe = await Promise.race([new Promise((resolve) => (probeWaiting = resolve)), sleep(5_000).then(() => null)]);
      probeWaiting = null;
      if (!probe) continue;
      const q = new URLSearchParams({ q: probe.text, workspace_id: workspaceId });
      for (;;) {
        const { status, body } = await timed("search (lag probe)", `/api/v1/search?${q}`, {}, owner.token);
        const waited = performance.now() - probe.at;
        if (status === 200 && body.data.length > 0) {
          record(kind, waited, 200);
          break;
        }
        if (waited > 10_000) {
          counts.notFound++;
          break;
        }
        await sleep(50);
      }
    }
  }

  // ---- The phases.
  const phases = [...STEPS.map((m) => ({ members: m, seconds: STEP_SECONDS })), { members: MEMBERS, seconds: SECONDS }];
  const results = [];
  for (const phase of phases) {
    if (overDeadline()) break;
    const label = `${phase.members} member${phase.members === 1 ? "" : "s"}`;
    const active = members.slice(0, phase.members);
    const coEditing = active.filter((m) => m.shared).slice(0, Math.round((CO_EDITORS * phase.members) / MEMBERS));
    const readsBefore = calls.get(READ_KIND)?.ms.length ?? 0;
    const kinds = {
      own: `save, own 1-hour file · ${label}`,
      shared: `save, shared 3-hour file · ${label}`,
      search: `search · ${label}`,
      ask: `Ask to citations · ${label}`,
      lag: `saved word found by search · ${label}`,
    };
    const t = Date.now();
    const cpuBefore = cpuNow(appPid);
    const until = t + phase.seconds * 1000;
    await Promise.all([
      ...active.map((m) => saveLoop(m, m.own, kinds.own, EDIT_MS, until)),
      ...coEditing.map((m) => saveLoop(m, m.shared, kinds.shared, CO_EDIT_MS, until)),
      searchLoop(kinds.search, until),
      askLoop(kinds.ask, until),
      lagLoop(kinds.lag, until),
    ]);
    const seconds = (Date.now() - t) / 1000;
    const cpuAfter = cpuNow(appPid);
    const of = (kind) => calls.get(kind)?.ms ?? [];
    results.push({
      label,
      coEditors: coEditing.length,
      rate: (of(kinds.own).length + of(kinds.shared).length) / seconds,
      reads: ((calls.get(READ_KIND)?.ms.length ?? 0) - readsBefore) / seconds,
      cores: `the app ${((cpuAfter.app - cpuBefore.app) / seconds).toFixed(2)} cores, the load generator ${((cpuAfter.load - cpuBefore.load) / seconds).toFixed(2)}, machine load ${(loadavg()[0] ?? 0).toFixed(1)}`,
      kinds,
      of,
    });
    console.log(`phase: ${label} (${coEditing.length} co-editing), ${seconds.toFixed(0)} s, ${elapsed()}`);
  }
  await Promise.all(members.map((m) => Promise.all([m.own.reads, m.shared?.reads])));
  closing = true;
  for (const m of members) for (const socket of m.sockets) socket.close();

  // ---- Lost edits: every transcript read back.
  let lost = 0;
  let checked = 0;
  for (const [fileId, saved] of expected) {
    const { data } = await json(`/api/v1/transcripts/${fileId}/utterances`, {}, owner.token);
    const stored = new Map(data.data.flatMap((u) => u.transcriptWords.map((w) => [w.id, w.text])));
    for (const [wordId, { text }] of saved) {
      checked++;
      if (stored.get(wordId) !== text) lost++;
    }
  }

  // ---- Report.
  let tooMany = 0;
  for (const { statuses } of calls.values()) tooMany += statuses.get(429) ?? 0;
  console.log(
    "\nphase: saves/s; own file save p50 / p99; shared file save p50 / p99; search p50 / p99; Ask to citations p50 / p99; saved word found p50 / max",
  );
  for (const r of results) {
    const own = r.of(r.kinds.own);
    const sh = r.of(r.kinds.shared);
    const lag = r.of(r.kinds.lag);
    console.log(
      `${r.label} (${r.coEditors} co-editing): ${r.rate.toFixed(1)} saves/s and ${r.reads.toFixed(0)} reads of another's change/s; ${ms(quantile(own, 0.5))} / ${ms(quantile(own, 0.99))}; ` +
        `${ms(quantile(sh, 0.5))} / ${ms(quantile(sh, 0.99))}; ${ms(quantile(r.of(r.kinds.search), 0.5))} / ${ms(quantile(r.of(r.kinds.search), 0.99))}; ` +
        `${ms(quantile(r.of(r.kinds.ask), 0.5))} / ${ms(quantile(r.of(r.kinds.ask), 0.99))}; ${ms(quantile(lag, 0.5))} / ${ms(lag.length ? Math.max(...lag) : Number.NaN)}`,
    );
    console.log(`  CPU: ${r.cores}`);
  }
  console.log(
    `\n429 answers: ${tooMany}` +
      `\nshared-file saves merged with a colleague's (a stale version, different words): ${counts.merged}` +
      `\nword conflicts (409 with data.conflicts: the same word changed by two, not lost): ${counts.conflicts}` +
      `\nother 409s (a version the history no longer leads back to): ${counts.refused}` +
      `\nsaved words the search had not found after 10 s: ${counts.notFound}` +
      `\nfile sockets: ${counts.socketsOpen} open, ${counts.socketsFailed} failed, ${counts.socketsClosed} closed by the server before the end` +
      `\nedits lost: ${lost} of ${checked} saved words checked`,
  );
  return { failed: tooMany > 0 || lost > 0 || counts.socketsFailed > 0 };
}
