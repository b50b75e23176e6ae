// Whether a user's uploads will be transcribed now (docs/api.md, service
// configuration; the upload area and empty dashboard say so when not).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../worker/config";
import { serviceConfiguration } from "../../worker/transcription/configuration";

const withVars = (vars: Record<string, unknown>) =>
  getConfig(Object.create(env, Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { value }]))) as Env);

const OPENAI = { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" };

describe("service configuration: available", () => {
  it("is false on a fresh local start: Workers AI without a remote login, no speech server", () => {
    const config = serviceConfiguration(withVars({ ENVIRONMENT: "development", WORKERS_AI_REMOTE: "false", OPENAI_BASE_URL: "" }));
    expect(config.transcription.active_service_name).toBe("workers-ai-nova-3");
    expect(config.transcription.available).toBe(false);
  });

  it("is true once the configured service is reachable", () => {
    const openai = withVars({ ENVIRONMENT: "development", TRANSCRIPTION_SERVICE: "openai-compatible", ...OPENAI });
    expect(serviceConfiguration(openai).transcription.available).toBe(true);
    const remote = withVars({ ENVIRONMENT: "development", WORKERS_AI_REMOTE: "true" });
    expect(serviceConfiguration(remote).transcription.available).toBe(true);
    const deployed = withVars({ ENVIRONMENT: "production", PASSWORD_HASH_COST: "standard", APP_URL: "https://app.example.com" });
    expect(serviceConfiguration(deployed).transcription.available).toBe(true);
  });

  it("follows the user's preferred service only when service selection is on and that service is available", () => {
    const base = { ENVIRONMENT: "development", WORKERS_AI_REMOTE: "false", ...OPENAI };
    // The configured Workers AI is unreachable; a speech server is set up.
    const off = withVars({ ...base, FEATURE_SERVICE_SELECTION: "false" });
    expect(serviceConfiguration(off, "openai-compatible").transcription.available).toBe(false);
    const on = withVars({ ...base, FEATURE_SERVICE_SELECTION: "true" });
    expect(serviceConfiguration(on, "openai-compatible").transcription.available).toBe(true);
    expect(serviceConfiguration(on, "workers-ai-whisper").transcription.available).toBe(false);
    expect(serviceConfiguration(on, null).transcription.available).toBe(false);
    expect(serviceConfiguration(on, "no-such-service").transcription.available).toBe(false);
  });
});
