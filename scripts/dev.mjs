// `npm run dev`: the SPA with hot reload (Vite) and the Worker in workerd behind it,
// on http://localhost:${PORT:-5173}, with the same local D1 state as `npm start`.
import { bin, ensureDevVars, mustRun } from "./lib.mjs";

const port = process.env.PORT || "5173";
ensureDevVars();
await mustRun(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
await mustRun(bin("vite"), ["dev", "--port", port, "--strictPort"]);
