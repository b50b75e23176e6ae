import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The real migrations, applied to each test file's isolated D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
