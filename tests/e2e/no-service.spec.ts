// A fresh local start with nothing to transcribe (no Workers AI login, no speech
// server): the upload area and the empty dashboard say so before any upload;
// uploads are still stored and playable, and once a service is configured
// "Transcribe again" transcribes them. A second app, on its own port and state,
// runs without a service and is then restarted with the stand-in speech server.
import AxeBuilder from "@axe-core/playwright";
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, signIn, snap, test } from "./fixtures";
import { sineWav } from "./media";

const port = Number(process.env.E2E_NO_SERVICE_PORT ?? Number(process.env.E2E_PORT ?? 8788) + 2);
const fakeOpenAiPort = Number(process.env.FAKE_OPENAI_PORT ?? 8789);
const stateDir = `.wrangler/e2e-state-${port}`;
const origin = `http://localhost:${port}`;

const NO_SERVICE = "TRANSCRIPTION_SERVICE=workers-ai-nova-3;WORKERS_AI_REMOTE=false;OPENAI_BASE_URL=";
const WITH_SERVICE = `TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_MAX_FILE_SIZE_MB=1000;OPENAI_BASE_URL=http://127.0.0.1:${fakeOpenAiPort}/v1`;

let app: ChildProcess | null = null;

/** Starts the app as `npm start` does (the SPA is already built by the main test server), and waits for it. */
async function startApp(vars: string) {
  app = spawn("node", ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), PERSIST_DIR: stateDir, SKIP_BUILD: "1", DEV_VARS: vars },
    detached: true,
    stdio: "ignore",
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${origin}/api/v1/auth/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the second app did not start on port ${port}`);
}

async function stopApp() {
  const child = app;
  app = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  await exited;
  // Until the port is free, a restart would find the old server.
  while (
    await fetch(`${origin}/api/v1/auth/config`).then(
      () => true,
      () => false,
    )
  )
    await new Promise((r) => setTimeout(r, 200));
}

test.use({ baseURL: origin, reducedMotion: "reduce" });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rmSync(stateDir, { recursive: true, force: true });
  await startApp(NO_SERVICE);
});
test.afterAll(stopApp);

test("with no service, the app says so before any upload; uploads are kept, play, and are transcribed once a service is set up", async ({
  page,
}) => {
  await signIn(page, "No Service Yet");
  await page.goto("/dashboard");

  // Before any upload: the empty dashboard and the upload area say it, with where to set one up.
  const welcome = page.getByTestId("empty-dashboard");
  await expect(welcome.getByTestId("no-service-notice")).toContainText("No transcription service is available");
  await expect(welcome.getByTestId("no-service-notice")).toContainText("“Real transcription locally” in the README");
  const upload = page.getByRole("region", { name: "Upload" });
  await expect(upload.getByTestId("no-service-notice")).toContainText("No transcription service is available");
  await expect(upload.getByTestId("no-service-notice")).toContainText("“Real transcription locally” in the README");
  await snap(page, "70-no-service-dashboard");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // Uploading still works: the file is stored and plays; it fails with the reason and offers to transcribe again.
  await page.getByTestId("upload-input").setInputFiles({ name: "kept-for-later.wav", mimeType: "audio/wav", buffer: sineWav(25) });
  await expect(page.getByText("Successfully uploaded kept-for-later.wav")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tree", { name: "Folders and files" }).getByRole("button", { name: "kept-for-later.wav", exact: true }).click();
  await expect(page.getByTestId("failure-reason")).toContainText("is not available here", { timeout: 30_000 });
  const audio = page.locator("audio");
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await audio.evaluate((el: HTMLAudioElement) => Math.round(el.duration))).toBe(25);
  await expect(upload.getByTestId("no-service-notice")).toBeVisible();

  // A service is configured (the app restarts with a speech server): the notice goes, "Transcribe again" transcribes.
  // Offline meanwhile: the page's reconnect attempts to a server that is down are expected, not errors.
  await page.context().setOffline(true);
  await stopApp();
  await startApp(WITH_SERVICE);
  await page.context().setOffline(false);
  await page.reload();
  await expect(page.getByTestId("failed")).toBeVisible();
  await expect(page.getByTestId("no-service-notice")).toHaveCount(0);
  await page.getByRole("button", { name: "Transcribe again" }).click();
  await expect(page.getByTestId("utterance")).toHaveCount(6, { timeout: 60_000 });
  await expect(page.getByTestId("status-badge")).toHaveText(/ready/i);
});
