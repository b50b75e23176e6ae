// Failures a user can see, and jobs that survive a crash: a retrying job says so
// in the file view; an app killed in the middle of a transcription finishes it
// after a restart (the queue redelivers it, or the recovery sweep re-queues it).
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { createUser, expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";

test("a retrying transcription shows its attempt, the service's reason and the next try", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, "Retry Watcher");
  await page.goto("/dashboard");
  await expect(page.getByTestId("topbar")).toHaveAttribute("data-live-status", "open");
  // "hold": the fake speech server answers 503 (busy), so the job retries later.
  await page.getByTestId("upload-input").setInputFiles({ name: "interview-hold.wav", mimeType: "audio/wav", buffer: sineWav(3) });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "interview-hold.wav", exact: true }).click();
  const retry = page.getByTestId("processing-retry");
  // The first attempt may wait behind other tests' jobs in the local queue.
  await expect(retry).toBeVisible({ timeout: 120_000 });
  // The attempt it shows depends on when the page caught up; the reason and the next try are always there.
  await expect(retry).toHaveText(/^Attempt \d+ failed: .*503.*\. Trying again (in [0-9]+:[0-9]{2}|now)\.$/);
  await expect(page.getByText(/interview-hold\.wav: Retrying \(attempt \d+\)/).first()).toBeVisible();
  await snap(page, "22-retrying");
});

const fakeOpenAiPort = Number(process.env.FAKE_OPENAI_PORT ?? 8789);
const port = Number(process.env.E2E_PORT ?? 8788) + 20;
const base = `http://localhost:${port}`;
const stateDir = `.wrangler/e2e-restart-${port}`;

function startApp(): ChildProcess {
  return spawn("node", ["scripts/start.mjs"], {
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      PERSIST_DIR: stateDir,
      SKIP_BUILD: "1",
      SWEEP_INTERVAL_SECONDS: "2",
      // Short bounds so the test does not wait the production 16 minutes.
      DEV_VARS: `TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_MAX_FILE_SIZE_MB=1000;OPENAI_BASE_URL=http://127.0.0.1:${fakeOpenAiPort}/v1;JOB_LOST_AFTER_SECONDS=12`,
    },
  });
}

async function ready() {
  await expect
    .poll(async () => (await fetch(`${base}/api/v1/auth/config`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [500] })
    .toBe(200);
}

const kill = (app: ChildProcess) => {
  try {
    process.kill(-app.pid!, "SIGKILL");
  } catch {
    // already gone
  }
};

test("a transcription interrupted by killing the app finishes after a restart", async () => {
  test.setTimeout(180_000);
  rmSync(stateDir, { recursive: true, force: true });
  let app = startApp();
  try {
    await ready();
    const api = await playwrightRequest.newContext({ baseURL: base });
    const { token } = await createUser(api, "Crash Survivor");
    const headers = { authorization: `Bearer ${token}` };
    const audio = sineWav(4);
    // "slow": the fake server answers after 8 s, so the job is mid-flight when the app dies.
    const link = await (
      await api.post("/api/v1/audio_files/upload-url", {
        headers,
        data: { filename: "board-slow.wav", content_type: "audio/wav", file_size: audio.length },
      })
    ).json();
    expect(
      (await fetch(link.upload_url, { method: "PUT", body: new Uint8Array(audio), headers: { "content-type": link.content_type } })).status,
    ).toBe(200);
    const confirmed = await api.post("/api/v1/audio_files/confirm-upload", {
      headers,
      data: {
        filename: "board-slow.wav",
        key: link.key,
        file_size: audio.length,
        content_type: "audio/wav",
        folder_id: "",
        duration_seconds: 4,
      },
    });
    expect(confirmed.status()).toBe(201);
    const { data: file } = await confirmed.json();
    // Wait until the job has started its attempt, then kill everything.
    await expect
      .poll(async () => (await (await api.get(`/api/v1/audio_files/${file.id}`, { headers })).json()).data.job?.attempt ?? 0, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    kill(app);
    await new Promise((r) => setTimeout(r, 1000));

    app = startApp();
    await ready();
    const after = await playwrightRequest.newContext({ baseURL: base });
    await expect
      .poll(async () => (await (await after.get(`/api/v1/audio_files/${file.id}`, { headers })).json()).data.status, {
        timeout: 90_000,
        intervals: [1000],
      })
      .toBe("ready");
    const transcript = await after.get(`/api/v1/transcripts/${file.id}`, { headers });
    expect(transcript.status()).toBe(200);
    expect((await transcript.json()).data.wordCount).toBeGreaterThan(0);
  } finally {
    kill(app);
  }
});
