// The Worker's settings check: links in e-mails need APP_URL in production (a
// request's Host is never used), and only known transcription services pass.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, LOCAL_APP_URL } from "../../worker/config";

const withVars = (vars: Record<string, unknown>) =>
  Object.create(env, Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { value }]))) as Env;

describe("config", () => {
  it("refuses production without APP_URL, naming it", () => {
    expect(() => getConfig(withVars({ ENVIRONMENT: "production", APP_URL: undefined }))).toThrow(ConfigError);
    expect(() => getConfig(withVars({ ENVIRONMENT: "production", APP_URL: "" }))).toThrow(/APP_URL is required in production/);
    expect(getConfig(withVars({ ENVIRONMENT: "production", APP_URL: "https://app.example.com/" })).APP_URL).toBe("https://app.example.com");
  });

  it("defaults APP_URL to the local address in development", () => {
    expect(getConfig(withVars({ ENVIRONMENT: "development", APP_URL: undefined })).APP_URL).toBe(LOCAL_APP_URL);
  });

  it("refuses an unknown transcription service", () => {
    expect(() => getConfig(withVars({ TRANSCRIPTION_SERVICE: "whisper-at-home" }))).toThrow(/TRANSCRIPTION_SERVICE/);
  });
});
