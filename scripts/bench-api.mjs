// What the benchmarks share: the local app (as `npm start` starts it, on its own
// port and a fresh state), JSON calls to it, a fresh confirmed account, test audio.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offlineEnv, root } from "./lib.mjs";

/**
 * Starts the app on `port` with a fresh local state; with `speechPort`, also the
 * tests' stand-in speech server there, and the app pointed at it. `stop()` ends both
 * and removes the state. BENCH_LOG=1 shows the app's output.
 * @param {{ port: number, speechPort?: number, label: string, vars?: string }} options
 */
export function startLocalApp({ port, speechPort, label, vars = "" }) {
  const state = mkdtempSync(join(tmpdir(), `${label}-`));
  const log = process.env.BENCH_LOG ? "inherit" : "ignore";
  const children = [];
  const speechVars = speechPort ? `TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_BASE_URL=http://127.0.0.1:${speechPort}/v1` : "";
  if (speechPort) {
    children.push(
      spawn("node", ["tests/e2e/fake-openai-server.mjs"], {
        cwd: root,
        env: { ...offlineEnv, FAKE_OPENAI_PORT: String(speechPort) },
        stdio: "ignore",
        detached: true,
      }),
    );
  }
  const devVars = [speechVars, vars].filter(Boolean).join(";");
  children.push(
    spawn("node", ["scripts/start.mjs"], {
      cwd: root,
      env: { ...offlineEnv, PORT: String(port), PERSIST_DIR: state, ...(devVars ? { DEV_VARS: devVars } : {}) },
      stdio: ["ignore", log, log],
      detached: true,
    }),
  );
  return {
    /** The app's local state directory (D1, R2), for seeding rows straight into it. */
    state,
    /** The app's process (`npm start`'s), for measuring what runs under it. */
    pid: children.at(-1)?.pid,
    stop() {
      for (const child of children) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {}
      }
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** A JSON client for the app at `base`; a non-2xx answer throws with its body. */
export function apiClient(base) {
  async function json(path, init = {}, token) {
    const res = await fetch(base + path, {
      ...init,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 300);
    }
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  /** Registers, confirms through the dev outbox and signs in: `{token, user}`. */
  async function account(label = "bench") {
    const email = `${label}-${Date.now()}@example.com`;
    const password = "benchmark password";
    await json("/api/v1/auth/register", {
      method: "POST",
      body: JSON.stringify({ user: { email, full_name: "Bench", password, password_confirmation: password } }),
    });
    const { data } = await json("/api/v1/dev/outbox");
    const token = /confirm-email\?token=([\w-]+)/.exec(data.find((m) => m.to === email)?.text ?? "")?.[1];
    await json("/api/v1/auth/confirm-email", { method: "POST", body: JSON.stringify({ token }) });
    return json("/api/v1/auth/login", { method: "POST", body: JSON.stringify({ email, password }) });
  }

  /** Resolves once the app answers. */
  async function ready(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      try {
        if ((await fetch(`${base}/api/v1/auth/config`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("server did not start");
  }

  /**
   * Uploads `body` as a WAV named `filename` through the real path (upload link,
   * PUT, confirm) and waits until its transcript is stored; returns the file id.
   */
  async function transcribed(token, filename, body, durationSeconds, timeoutMs = 240_000) {
    const { upload_url, key, content_type } = await json(
      "/api/v1/audio_files/upload-url",
      { method: "POST", body: JSON.stringify({ filename, content_type: "audio/wav", file_size: body.length }) },
      token,
    );
    const put = await fetch(upload_url.replace("localhost", "127.0.0.1"), {
      method: "PUT",
      headers: { "content-type": content_type },
      body,
    });
    if (!put.ok) throw new Error(`PUT → ${put.status}`);
    const { data: file } = await json(
      "/api/v1/audio_files/confirm-upload",
      {
        method: "POST",
        body: JSON.stringify({
          filename,
          key,
          file_size: body.length,
          content_type: "audio/wav",
          folder_id: "",
          duration_seconds: durationSeconds,
        }),
      },
      token,
    );
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await json(`/api/v1/audio_files/${file.id}`, {}, token)).data.status === "ready") return file.id;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the transcript of ${filename} did not arrive`);
  }

  return { json, account, ready, transcribed };
}

/** A mono 16-bit PCM WAV of `seconds` (a 440 Hz tone). */
export function wav(seconds, rate = 8000) {
  const n = seconds * rate;
  const b = Buffer.alloc(44 + n * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}
