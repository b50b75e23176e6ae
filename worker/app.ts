import { commentRoutes } from "./routes/comments";
import { highlightLabelRoutes, highlightRoutes } from "./routes/highlights";
import { webhookRoutes } from "./routes/webhooks";
import { importRoutes } from "./routes/imports";
import { recordingRoutes } from "./routes/recordings";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { JSON_BODY_MAX_BYTES, MESSAGES } from "../common/messages";
import { ConfigError, getConfig } from "./config";
import { getDb } from "./db/client";
import { d1Session } from "./lib/d1-session";
import { ApiError } from "./lib/errors";
import { requestLog } from "./lib/request-log";
import { securityHeaders } from "./security-headers";
import { authRoutes } from "./routes/auth";
import { cableRoutes, cableTicketRoutes } from "./routes/cable";
import { audioFileRoutes } from "./routes/audio-files";
import { devRoutes } from "./routes/dev";
import { exportRoutes } from "./routes/exports";
import { folderRoutes } from "./routes/folders";
import { preferencesRoutes } from "./routes/preferences";
import { searchRoutes } from "./routes/search";
import { serviceRoutes } from "./routes/service";
import { sharedMediaRoutes, sharedPageRoutes, sharedRoutes } from "./routes/shared";
import { fileShareRoutes, shareRoutes } from "./routes/shares";
import { storageRoutes } from "./routes/storage";
import { transcriptRoutes } from "./routes/transcripts";
import { uploadRoutes } from "./routes/uploads";
import { invitationRoutes } from "./routes/invitations";
import { workspaceRoutes } from "./routes/workspaces";
import { apiTokenRoutes } from "./routes/api-tokens";
import { askRoutes } from "./routes/ask";
import { openApiDoc, serveOpenApi } from "./routes/openapi";
import type { AppEnv } from "./types";

/** The JSON API: one sub-app per resource, mounted under /api/v1. */
const jsonBodyLimit = bodyLimit({ maxSize: JSON_BODY_MAX_BYTES, onError: (c) => c.json({ error: MESSAGES.bodyTooLarge }, 413) });

const api = new Hono<AppEnv>()
  // JSON bodies are capped before they are read (uploads stream raw bytes to R2 and are not JSON).
  .use((c, next) => (/json/i.test(c.req.header("content-type") ?? "") ? jsonBodyLimit(c, next) : next()))
  .use(async (c, next) => {
    c.set("config", getConfig(c.env));
    await next();
  })
  // Reads and writes of this request in one D1 session (read replicas, own writes seen).
  .use(d1Session())
  .use(async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .route("/auth", authRoutes)
  .route("/service", serviceRoutes)
  .route("/preferences", preferencesRoutes)
  .route("/folders", folderRoutes)
  .route("/audio_files", fileShareRoutes)
  .route("/audio_files", importRoutes)
  .route("/audio_files", audioFileRoutes)
  .route("/shares", shareRoutes)
  .route("/shared", sharedRoutes)
  .route("/shared-media", sharedMediaRoutes)
  .route("/transcripts", transcriptRoutes)
  .route("/comments", commentRoutes)
  .route("/exports", exportRoutes)
  .route("/search", searchRoutes)
  .route("/ask", askRoutes)
  .route("/storage", storageRoutes)
  .route("/uploads", uploadRoutes)
  .route("/recordings", recordingRoutes)
  .route("/workspaces", workspaceRoutes)
  .route("/tokens", apiTokenRoutes)
  .route("/invitations", invitationRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/cable", cableTicketRoutes)
  .route("/dev", devRoutes)
  .route("/highlights", highlightRoutes)
  .route("/workspaces", highlightLabelRoutes);

// The API's own description, generated from the routes above (worker/openapi/document.ts).
api.get("/openapi.json", openApiDoc, serveOpenApi(api));

export type AppType = typeof api;

export const app = new Hono<AppEnv>();

// Outermost: every answer (security headers and errors included) gets a request id and a log line.
app.use(requestLog());
app.use(securityHeaders(getConfig));

app.route("/api/v1", api);
app.route("/cable", cableRoutes);
// The shared page needs the database (its status says whether the link works).
app.use("/s/*", async (c, next) => {
  c.set("config", getConfig(c.env));
  c.set("db", getDb(c.env.DB));
  await next();
});
app.route("/s", sharedPageRoutes);

// Nothing under /api falls through to the SPA.
app.all("/api/*", (c) => c.json({ error: MESSAGES.notFound }, 404));

// Non-API requests that reach the Worker (assets miss) go back to the asset router.
app.all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError((err, c) => {
  if (err instanceof ApiError) return c.json({ error: err.message }, err.status, err.headers);
  if (err instanceof HTTPException) {
    const message = err.status === 400 && /json/i.test(err.message) ? MESSAGES.invalidJson : err.message;
    return c.json({ error: message || MESSAGES.internalError }, err.status);
  }
  // Logged once, with the request (worker/lib/request-log.ts), which adds request_id to the body.
  c.set("error", err);
  if (err instanceof ConfigError) return c.json({ error: err.message }, 500);
  return c.json({ error: MESSAGES.internalError }, 500);
});
