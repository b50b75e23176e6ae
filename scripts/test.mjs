// `npm test`: every check — lint and format (Biome), unused code (knip), types, Worker tests (workerd),
// web unit tests, browser tests (Chromium), and the editor's browser tests again with transcripts in D1.
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, mustRun, offlineEnv } from "./lib.mjs";

ensureChromium();
await mustRun(bin("biome"), ["check", "."]);
await mustRun(bin("knip"), []);
await mustRun(bin("tsc"), ["-b"]);
// The Worker tests load the built SPA as static assets.
await mustRun(bin("vite"), ["build", "--logLevel", "warn"]);
await mustRun(bin("vitest"), ["run", "--project", "worker", "--project", "worker-object", "--project", "web"]);
await mustRun(bin("playwright"), ["test"]);
// The editor's flows once more with new transcripts in D1 (the path of those not yet moved to their owners' objects,
// decision 023), on ports of their own.
const d1StoreSpecs = [
  "editor",
  "replace-all",
  "speaker-merge",
  "tools",
  "share-links",
  "exports",
  "retranscribe-keep",
  "transcription-options",
].map((s) => `tests/e2e/${s}.spec.ts`);
await mustRun(bin("playwright"), ["test", ...d1StoreSpecs], {
  env: { ...offlineEnv, E2E_PORT: "8790", FAKE_OPENAI_PORT: "8791", E2E_DEV_VARS: "TRANSCRIPT_STORE=d1" },
});
console.log("\n✓ All test suites passed");
