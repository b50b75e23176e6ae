import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

// The real migrations, applied to each test file's isolated D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A file's last test may leave jobs running (an upload's transcription, an import): their log lines
// would reach the test runner while it closes the file, which it reports as a teardown error. The
// file's processing files are given a few seconds to settle first.
afterAll(async () => {
  const until = Date.now() + 3_000;
  const processing = () =>
    env.DB.prepare("SELECT count(*) AS n FROM audio_files WHERE status = 'processing'")
      .first<number>("n")
      .catch(() => 0);
  while ((await processing()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
});
