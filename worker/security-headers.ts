// Security headers on everything the Worker answers (spec-independent
// hardening, docs/security.md): a strict Content-Security-Policy for the SPA's
// pages, and nosniff / referrer / framing rules everywhere.
import type { MiddlewareHandler } from "hono";
import type { Config } from "./config";

const R2 = "https://*.r2.cloudflarestorage.com";
const GOOGLE = "https://accounts.google.com/gsi/";

/** Scripts only from this origin (plus Google's sign-in script when it is configured); no inline scripts. */
export function contentSecurityPolicy(config: Pick<Config, "GOOGLE_CLIENT_ID">): string {
  const google = config.GOOGLE_CLIENT_ID !== null;
  return [
    "default-src 'self'",
    `script-src 'self'${google ? ` ${GOOGLE}client` : ""}`,
    // React sets style attributes (progress bars); no style can run code.
    `style-src 'self' 'unsafe-inline'${google ? ` ${GOOGLE}style` : ""}`,
    `connect-src 'self' ${R2}${google ? ` ${GOOGLE}` : ""}`,
    `media-src 'self' blob: ${R2}`,
    "img-src 'self' data: blob:",
    `frame-src ${google ? GOOGLE : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Adds the headers after the handler ran; socket upgrades pass untouched. */
export function securityHeaders(getConfig: (env: Env) => Config): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    await next();
    if (c.res.status === 101) return;
    let config: Config | null = null;
    try {
      config = getConfig(c.env);
    } catch {
      // A configuration error answers with its own message; the headers still apply.
    }
    // Responses from the asset binding or fetch() are immutable: copy before adding headers.
    c.res = new Response(c.res.body, c.res);
    const h = c.res.headers;
    if (h.get("content-type")?.startsWith("text/html"))
      h.set("Content-Security-Policy", contentSecurityPolicy({ GOOGLE_CLIENT_ID: config?.GOOGLE_CLIENT_ID ?? null }));
    if (!h.has("X-Content-Type-Options")) h.set("X-Content-Type-Options", "nosniff");
    if (!h.has("Referrer-Policy")) h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!h.has("X-Frame-Options")) h.set("X-Frame-Options", "DENY");
    if (config?.ENVIRONMENT === "production") h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
