import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { preferencesOf } from "../auth/users";
import { serviceConfiguration } from "../transcription/configuration";
import type { AppEnv } from "../types";

export const serviceRoutes = new Hono<AppEnv>().get("/configuration", requireAuth, (c) =>
  c.json(serviceConfiguration(c.var.config, preferencesOf(c.var.user).transcription_service), 200),
);
