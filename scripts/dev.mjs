// `npm run dev`: the SPA with hot reload (Vite) and the Worker in workerd behind it,
// on http://localhost:${PORT:-5173}, with the same local D1 state as `npm start`.
import { readFileSync } from "node:fs";
import { bin, ensureDevVars, mustRun, offlineEnv, root } from "./lib.mjs";

const port = process.env.PORT || "5173";
ensureDevVars();
await mustRun(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
// E-mailed links point at APP_URL only: this dev server's address unless .dev.vars sets it.
// As `npm start`: Workers AI only with WORKERS_AI_REMOTE=true in .dev.vars (vite.config.ts leaves the binding out otherwise).
const remoteAi = /^WORKERS_AI_REMOTE=true$/m.test(readFileSync(`${root}.dev.vars`, "utf8"));
await mustRun(bin("vite"), ["dev", "--port", port, "--strictPort"], {
  env: { ...offlineEnv, DEV_APP_URL: `http://localhost:${port}`, DEV_AI_REMOTE: String(remoteAi) },
});
