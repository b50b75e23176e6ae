import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);
const fakeOpenAiPort = Number(process.env.FAKE_OPENAI_PORT ?? 8789);
// One state directory per port, so runs on different ports never share a database.
const stateDir = `.wrangler/e2e-state-${port}`;

// Against the app started exactly as the README starts it, on its own port and
// a fresh local state so runs never see your development data.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  // Under `npm test` and CI (CI is set) a test that fails once runs once more: Playwright still reports it as
  // flaky, with its first failure, but one hiccup of the local dev server does not fail the whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
  },
  webServer: [
    {
      // The transcription provider is a third party: a fake OpenAI-compatible server stands in.
      command: "node tests/e2e/fake-openai-server.mjs",
      env: { FAKE_OPENAI_PORT: String(fakeOpenAiPort) },
      port: fakeOpenAiPort,
      reuseExistingServer: false,
    },
    {
      // The server's own log (wrangler's reloads, the app's JSON request and job lines) is kept beside the results.
      command: `rm -rf ${stateDir} && mkdir -p test-results && node scripts/start.mjs > test-results/e2e-server-${port}.log`,
      env: {
        PORT: String(port),
        PERSIST_DIR: stateDir,
        // E2E_DEV_VARS adds settings for one run (`;`-separated NAME=value pairs).
        DEV_VARS: `PASSWORD_HASH_COST=low;TRANSCRIPTION_SERVICE=openai-compatible;OPENAI_MAX_FILE_SIZE_MB=1000;OPENAI_BASE_URL=http://127.0.0.1:${fakeOpenAiPort}/v1;OPENAI_CHAT_MODEL=fake-chat${process.env.E2E_DEV_VARS ? `;${process.env.E2E_DEV_VARS}` : ""}`,
      },
      url: `http://localhost:${port}/api/v1/auth/config`,
      timeout: 120_000,
      reuseExistingServer: false,
      stderr: "pipe",
    },
  ],
});
