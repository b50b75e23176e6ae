import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { preferencesOf } from "../auth/users";
import { serviceConfiguration } from "../transcription/configuration";
import type { AppEnv } from "../types";
import { routeDocs } from "../lib/openapi";

export const serviceRoutes = new Hono<AppEnv>().get(
  "/configuration",
  routeDocs("Service")({
    summary: "Upload limits and transcription services",
    responseDescription: "`{file_constraints, transcription}`",
  }),
  requireAuth,
  (c) => c.json(serviceConfiguration(c.var.config, preferencesOf(c.var.user).transcription_service), 200),
);
