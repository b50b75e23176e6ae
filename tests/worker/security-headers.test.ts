// Security headers: every API answer, the SPA's pages (with a strict CSP that
// names Google's script only when sign-in with Google is configured), and
// no caching of answers that carry tokens.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../worker/security-headers";
import { API, apiRequest, post } from "./helpers";

const common = (res: Response) => {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
};

describe("security headers", () => {
  it("on API answers, including errors and 404s; no HSTS in development", async () => {
    for (const path of ["/auth/config", "/folders", "/nope"]) {
      const res = await exports.default.fetch(apiRequest("GET", path));
      common(res);
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("content-security-policy")).toBeNull();
    }
  });

  it("on the SPA's pages: a CSP with no inline scripts, framing refused", async () => {
    const res = await exports.default.fetch(new Request("http://localhost/dashboard", { headers: { "Sec-Fetch-Mode": "navigate" } }));
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    common(res);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client"); // the tests configure a Google client id
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await res.text();
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain('<script src="/theme.js"></script>');
  });

  it("names Google's script only when sign-in with Google is configured", () => {
    expect(contentSecurityPolicy({ GOOGLE_CLIENT_ID: null })).toMatch(/script-src 'self';/);
    expect(contentSecurityPolicy({ GOOGLE_CLIENT_ID: null })).toContain("frame-src 'none'");
    expect(contentSecurityPolicy({ GOOGLE_CLIENT_ID: "id" })).toContain("frame-src https://accounts.google.com/gsi/");
  });

  it("answers of the accounts API are never cached", async () => {
    const login = await post("/auth/login", { email: "nobody@example.com", password: "whatever password" });
    expect(login.res.headers.get("cache-control")).toBe("no-store");
    const config = await exports.default.fetch(new Request(`${API}/auth/config`));
    expect(config.headers.get("cache-control")).toBe("no-store");
  });
});
