import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { exportJWK, generateKeyPair } from "jose";
import ts from "typescript";
import { defineConfig } from "vitest/config";
import { FAKE_OPENAI_BASE_URL, FAKE_OPENAI_ORIGIN, handleFakeOpenAi } from "./tests/support/fake-openai";
import { FAKE_RECEIVER_ORIGIN, handleFakeReceiver } from "./tests/support/fake-receiver";
import { handleOpenApiValidation, OPENAPI_VALIDATOR_ORIGIN } from "./tests/support/openapi-validator";
import { GOOGLE_TEST_JWKS_URL, GOOGLE_TEST_CLIENT_ID } from "./tests/support/google-constants";

// Google is a third party we cannot reach here: tests sign their own ID tokens
// with this key pair, and Google's JWKS address is answered from it.
const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
const privateJwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256" };

// Workers AI has no local simulator: env.AI is this stand-in worker (a TypeScript
// file, transpiled here because auxiliary workers are not bundled).
const aiStandInScript = ts.transpileModule(readFileSync(new URL("./tests/support/ai-stand-in.ts", import.meta.url), "utf8"), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;

// The Worker in workerd with local bindings, shared by the worker tests and the benchmarks.
const workersRuntime = (vars: Record<string, string> = {}) =>
  cloudflareTest(async () => ({
    wrangler: { configPath: "./wrangler.toml" },
    remoteBindings: false,
    miniflare: {
      bindings: {
        ENVIRONMENT: "development",
        APP_URL: "http://localhost",
        JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
        GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
        GOOGLE_JWKS_URL: GOOGLE_TEST_JWKS_URL,
        TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        TEST_GOOGLE_PRIVATE_JWK: privateJwk,
        // Webhook retries at once: the tests deliver each attempt themselves.
        WEBHOOK_RETRY_SECONDS: "0,0,0,0,0,0",
        // Hundreds of sign-ups: cheap password hashes (the standard ones are checked in unit tests).
        PASSWORD_HASH_COST: "low",
        ...vars,
      },
      // Frees the name AI (Workers AI has no local simulator) for the stand-in.
      ai: { binding: "WORKERS_AI_UNUSED" },
      serviceBindings: { AI: "ai-stand-in" },
      workers: [{ name: "ai-stand-in", modules: true, script: aiStandInScript, compatibilityDate: "2026-04-20" }],
      outboundService: (request: Request) => {
        if (request.url === GOOGLE_TEST_JWKS_URL) return Response.json({ keys: [publicJwk] });
        if (new URL(request.url).origin === FAKE_OPENAI_ORIGIN) return handleFakeOpenAi(request);
        if (new URL(request.url).origin === FAKE_RECEIVER_ORIGIN) return handleFakeReceiver(request);
        if (new URL(request.url).origin === OPENAPI_VALIDATOR_ORIGIN) return handleOpenApiValidation(request);
        return new Response("No network in tests", { status: 503 });
      },
    },
  }));

// Deployed, worker/lazy/*.ts are modules of their own built beside their source (worker/lazy.ts);
// tests always run the source, never a build left from an earlier `npm run build`.
const lazyModulesFromSource = {
  alias: [{ find: /^\.\/lazy\/([\w-]+)\.js$/, replacement: fileURLToPath(new URL("./worker/lazy/$1.ts", import.meta.url)) }],
};

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time; a worker-test file waits on
    // workerd and the module runner more than it computes, so two at once finish sooner.
    maxWorkers: 2,
    // A run names the tests slower than this (their time in yellow), so the slow ones can be told apart.
    slowTestThreshold: 5_000,
    projects: [
      {
        plugins: [workersRuntime()],
        resolve: lazyModulesFromSource,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts", "tests/object-store/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          // Most tests sign up an account (a deliberately slow password hash) before they start:
          // on a busy 2-core machine 5 s is not enough for that alone.
          testTimeout: 20_000,
        },
      },
      {
        // Transcription runs on the real workflow engine: an instance runs with the Worker's own
        // bindings, so these say which service it reaches (the fake OpenAI-compatible server), cut
        // files into pieces of about 10 s of the tests' 8 kHz WAV, and retry at once. Every test
        // that transcribes with that server on the engine is here (re-transcription, webhooks).
        plugins: [
          workersRuntime({
            TRANSCRIPTION_SERVICE: "openai-compatible",
            OPENAI_BASE_URL: FAKE_OPENAI_BASE_URL,
            OPENAI_MAX_FILE_SIZE_MB: "0.16",
            TRANSCRIPTION_RETRY_SECONDS: "0",
          }),
        ],
        resolve: lazyModulesFromSource,
        test: {
          name: "workflows",
          include: ["tests/workflows/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          testTimeout: 60_000,
        },
      },
      {
        // Jobs delivered by the local queues themselves, with a language model (Workers AI's stand-in,
        // whose text models a test can hold): one kind's slow or failing jobs never hold up another's.
        plugins: [workersRuntime({ WORKERS_AI_REMOTE: "true" })],
        resolve: lazyModulesFromSource,
        test: {
          name: "queues",
          include: ["tests/queues/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          testTimeout: 60_000,
        },
      },
      {
        // Run only by `npm run bench`: measurements, not pass/fail timing.
        plugins: [workersRuntime()],
        resolve: lazyModulesFromSource,
        test: {
          name: "bench",
          include: ["tests/bench/**/*.bench.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["tests/web/**/*.test.ts", "tests/exports/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
