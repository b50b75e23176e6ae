import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("api", () => {
  it("answers unknown API routes with JSON 404", async () => {
    const res = await exports.default.fetch("http://x/api/v1/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
