// The Worker's settings check: links in e-mails need APP_URL in production (a
// request's Host is never used), and only known transcription services pass.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, LOCAL_APP_URL } from "../../worker/config";

const withVars = (vars: Record<string, unknown>) =>
  Object.create(env, Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { value }]))) as Env;

// The test runs' cheap password hashes are refused in production (checked below).
const inProduction = { ENVIRONMENT: "production", PASSWORD_HASH_COST: "standard" };

describe("config", () => {
  it("refuses production without APP_URL, naming it", () => {
    expect(() => getConfig(withVars({ ...inProduction, APP_URL: undefined }))).toThrow(ConfigError);
    expect(() => getConfig(withVars({ ...inProduction, APP_URL: "" }))).toThrow(/APP_URL is required in production/);
    expect(getConfig(withVars({ ...inProduction, APP_URL: "https://app.example.com/" })).APP_URL).toBe("https://app.example.com");
  });

  it("defaults APP_URL to the local address in development", () => {
    expect(getConfig(withVars({ ENVIRONMENT: "development", APP_URL: undefined })).APP_URL).toBe(LOCAL_APP_URL);
  });

  it("keeps cheap password hashes to development", () => {
    const production = { ...inProduction, APP_URL: "https://app.example.com" };
    expect(() => getConfig(withVars({ ...production, PASSWORD_HASH_COST: "low" }))).toThrow(/PASSWORD_HASH_COST=low is for test runs/);
    expect(getConfig(withVars({ ...production, PASSWORD_HASH_COST: undefined })).PASSWORD_HASH_COST).toBe("standard");
    expect(getConfig(withVars({ ENVIRONMENT: "development", PASSWORD_HASH_COST: "low" })).PASSWORD_HASH_COST).toBe("low");
  });

  it("refuses an unknown transcription service", () => {
    expect(() => getConfig(withVars({ TRANSCRIPTION_SERVICE: "whisper-at-home" }))).toThrow(/TRANSCRIPTION_SERVICE/);
  });
});
