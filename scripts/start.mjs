// `npm start`: the whole app (SPA + Worker + D1/R2/Queues/DO) at http://localhost:${PORT:-8787},
// fully local: no Cloudflare account, no keys.
import { bin, ensureDevVars, mustRun } from "./lib.mjs";

const port = process.env.PORT || "8787";
// Separate state lets tests run against a fresh database without touching yours.
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];

ensureDevVars();
await mustRun(bin("vite"), ["build", "--logLevel", "warn"]);
await mustRun(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", ...persist]);
console.log(`\nStarting the app at http://localhost:${port}\n`);
await mustRun(bin("wrangler"), [
  "dev",
  "--local",
  "-c",
  "wrangler.toml",
  "--port",
  port,
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  ...persist,
]);
