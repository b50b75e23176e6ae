// `npm test`: every check — lint and format (Biome), unused code (knip), types, Worker tests (workerd),
// web unit tests, browser tests (Chromium).
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, mustRun } from "./lib.mjs";

ensureChromium();
await mustRun(bin("biome"), ["check", "."]);
await mustRun(bin("knip"), []);
await mustRun(bin("tsc"), ["-b"]);
// The Worker tests load the built SPA as static assets.
await mustRun(bin("vite"), ["build", "--logLevel", "warn"]);
await mustRun(bin("vitest"), ["run", "--project", "worker", "--project", "worker-object", "--project", "web"]);
await mustRun(bin("playwright"), ["test"]);
console.log("\n✓ All test suites passed");
