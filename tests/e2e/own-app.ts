// An app of a test's own, started as `npm start` starts it on another port with its own state
// and settings: for tests that kill and restart it, or that need settings the shared server
// has not (recordings cut into small pieces).
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { expect } from "@playwright/test";

export const fakeOpenAiPort = Number(process.env.FAKE_OPENAI_PORT ?? 8789);
export const fakeOpenAi = `http://127.0.0.1:${fakeOpenAiPort}`;

export interface OwnApp {
  base: string;
  /** Starts it (again, on the same state after a kill) and waits until it answers. */
  start(): Promise<void>;
  /** Kills it at once, as a crash would: no shutdown of any kind. */
  kill(): void;
}

/**
 * `offset` past E2E_PORT is its port; `vars` are its DEV_VARS beyond the fake speech server's,
 * `env` settings of `npm start` itself. Its state starts fresh.
 */
export function ownApp(offset: number, vars: string, env: Record<string, string> = {}): OwnApp {
  const port = Number(process.env.E2E_PORT ?? 8788) + offset;
  const stateDir = `.wrangler/e2e-own-${port}`;
  const base = `http://localhost:${port}`;
  let app: ChildProcess | null = null;
  rmSync(stateDir, { recursive: true, force: true });
  return {
    base,
    async start() {
      app = spawn("node", ["scripts/start.mjs"], {
        detached: true,
        stdio: "ignore",
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          PERSIST_DIR: stateDir,
          SKIP_BUILD: "1",
          DEV_VARS: `PASSWORD_HASH_COST=low;TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_BASE_URL=${fakeOpenAi}/v1;${vars}`,
        },
      });
      await expect
        .poll(async () => (await fetch(`${base}/api/v1/auth/config`).catch(() => null))?.status ?? 0, {
          timeout: 90_000,
          intervals: [250],
        })
        .toBe(200);
    },
    kill() {
      try {
        if (app?.pid) process.kill(-app.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** What the fake speech server received and answered for this file name. */
export async function speechRequests(file: string): Promise<{ received: number; answered: number[] }> {
  const received = (await (await fetch(`${fakeOpenAi}/fake/received`)).json()) as { file: string }[];
  const answered = (await (await fetch(`${fakeOpenAi}/fake/answered`)).json()) as { file: string; at: number }[];
  return { received: received.filter((r) => r.file === file).length, answered: answered.filter((a) => a.file === file).map((a) => a.at) };
}
