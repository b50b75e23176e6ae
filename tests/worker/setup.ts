import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

// The real migrations, applied to each test file's isolated D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A file's last test may leave work running (an upload's transcription, an import, a delivery):
// its log lines would reach the test runner while it closes the file, which it reports as a
// teardown error and fails the run. Before the file closes, its processing files are given a few
// seconds to settle, and then the Worker a moment without a log line.
let lastLog = Date.now();
for (const level of ["log", "info", "warn", "error"] as const) {
  const write = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    lastLog = Date.now();
    write(...args);
  };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterAll(async () => {
  const settleBy = Date.now() + 5_000;
  const processing = () =>
    env.DB.prepare("SELECT count(*) AS n FROM audio_files WHERE status = 'processing'")
      .first<number>("n")
      .catch(() => 0);
  while ((await processing()) && Date.now() < settleBy) await pause(100);
  const quietBy = Date.now() + 5_000;
  while (Date.now() - lastLog < 300 && Date.now() < quietBy) await pause(50);
});
