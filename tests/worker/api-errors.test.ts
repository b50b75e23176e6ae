import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../common/messages";
import { apiRequest, call, get, post } from "./helpers";

describe("API error handling", () => {
  it("answers unknown /api/v1 paths with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/auth/nope"],
      ["GET", "/auth"],
      ["DELETE", "/auth/login"],
      ["GET", "/auth/login"],
    ] as const) {
      const { status, body, res } = await call(method, path);
      expect(status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(body).toEqual({ error: MESSAGES.notFound });
    }
  });

  it("answers other /api paths with a JSON 404 instead of the SPA", async () => {
    const res = await exports.default.fetch("http://localhost/api/v2/auth/login");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: MESSAGES.notFound });
  });

  it("answers a malformed JSON body with 400 {error}", async () => {
    for (const path of ["/auth/login", "/auth/register", "/auth/reset-password", "/auth/google"]) {
      const { status, body } = await post(path, "{not json");
      expect(status, path).toBe(400);
      expect(body).toEqual({ error: MESSAGES.invalidJson });
    }
  });

  it("treats a body sent without a JSON content type as missing fields (422)", async () => {
    const res = await exports.default.fetch(
      apiRequest("POST", "/auth/login", JSON.stringify({ email: "a@example.com", password: "x" }), {
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(res.status).toBe(422);
  });

  it("answers GET /auth/config without authentication", async () => {
    const { status, body } = await get("/auth/config");
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["google_client_id"]);
  });
});
