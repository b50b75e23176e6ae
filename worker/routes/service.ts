import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { preferencesOf } from "../auth/users";
import { serviceConfiguration } from "../transcription/configuration";
import type { AppEnv } from "../types";
import { routeDocs } from "../lib/openapi";
import { serviceConfigurationSchema } from "../../common/response-schemas";

export const serviceRoutes = new Hono<AppEnv>().get(
  "/configuration",
  routeDocs("Service")({
    summary: "Upload limits and transcription services",
    response: serviceConfigurationSchema,
  }),
  requireAuth,
  (c) => c.json(serviceConfiguration(c.var.config, preferencesOf(c.var.user).transcription_service), 200),
);
