import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { exportJWK, generateKeyPair } from "jose";
import { defineConfig } from "vitest/config";
import { GOOGLE_TEST_JWKS_URL, GOOGLE_TEST_CLIENT_ID } from "./tests/support/google-constants";

// Google is a third party we cannot reach here: tests sign their own ID tokens
// with this key pair, and Google's JWKS address is answered from it.
const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
const privateJwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256" };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            remoteBindings: false,
            miniflare: {
              bindings: {
                ENVIRONMENT: "development",
                JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
                GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
                GOOGLE_JWKS_URL: GOOGLE_TEST_JWKS_URL,
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                TEST_GOOGLE_PRIVATE_JWK: privateJwk,
              },
              // Frees the name AI (Workers AI has no local simulator).
              ai: { binding: "WORKERS_AI_UNUSED" },
              outboundService: (request: Request) => {
                if (request.url === GOOGLE_TEST_JWKS_URL) return Response.json({ keys: [publicJwk] });
                return new Response("No network in tests", { status: 503 });
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
        },
      },
      {
        test: {
          name: "web",
          include: ["tests/web/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
