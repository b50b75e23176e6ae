import type { Context } from "hono";
import * as z from "zod";
import { routeDocs } from "../lib/openapi";
import { type DocumentedApp, documentOf } from "../openapi/document";
import type { AppEnv } from "../types";

export const openApiDoc = routeDocs("API description")({
  summary: "This document (OpenAPI 3.1)",
  access: "public",
  response: z
    .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
    .meta({ description: "An OpenAPI 3.1 document" }),
  responseDescription: "The OpenAPI document of /api/v1; the reference page at /docs/api renders it",
});

/** GET /api/v1/openapi.json: public and the same for everyone, so caches may keep it a while. */
export const serveOpenApi =
  (api: DocumentedApp) =>
  async (c: Context<AppEnv>): Promise<Response> =>
    c.json(await documentOf(api, c.var.config.APP_NAME), 200, { "Cache-Control": "public, max-age=300" });
