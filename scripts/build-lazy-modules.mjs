// Bundles each file of worker/lazy/ (code most requests never need: export rendering, the common
// password list) into a module of its own beside it, worker/lazy/<name>.js. wrangler uploads these
// as separate modules (find_additional_modules in wrangler.toml) and keeps the Worker's
// `import("./lazy/<name>.js")` as is, so they are loaded only when first imported (worker/lazy.ts).
// Run by `npm run build` (and so before every deploy) and `npm start`.
import { readdirSync, rmSync } from "node:fs";
import { build } from "esbuild";
import { root } from "./lib.mjs";

const dir = `${root}worker/lazy/`;
const sources = readdirSync(dir).filter((name) => name.endsWith(".ts"));
// An entry removed from lazy/ must not leave its old module to be uploaded.
for (const name of readdirSync(dir)) if (name.endsWith(".js")) rmSync(dir + name);
await build({
  entryPoints: sources.map((name) => dir + name),
  outdir: dir,
  bundle: true,
  format: "esm",
  // As wrangler bundles the Worker itself.
  target: "es2024",
  platform: "browser",
  conditions: ["workerd", "worker", "browser"],
  external: ["node:*", "cloudflare:*"],
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
});
