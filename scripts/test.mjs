// `npm test`: every check — lint and format (Biome), unused code (knip), the folders' import direction, types, Worker tests (workerd),
// web unit tests and browser tests (Chromium).
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, mustRun } from "./lib.mjs";

ensureChromium();
await mustRun(bin("biome"), ["check", "."]);
await mustRun(bin("knip"), []);
await mustRun(process.execPath, ["scripts/check-imports.mjs"]);
await mustRun(bin("tsc"), ["-b"]);
// The Worker tests load the built SPA as static assets.
await mustRun(bin("vite"), ["build", "--logLevel", "warn"]);
await mustRun(bin("vitest"), ["run", "--project", "worker", "--project", "workflows", "--project", "queues", "--project", "web"]);
await mustRun(bin("playwright"), ["test"]);
console.log("\n✓ All test suites passed");
