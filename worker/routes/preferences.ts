import { Hono } from "hono";
import { mergePreferences, preferencesPatchSchema, preferencesSchema } from "../../common/preferences";
import { requireSession } from "../auth/middleware";
import { toPublicUser, updateUser } from "../auth/users";
import { unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { isServiceName } from "../transcription/services";
import type { AppEnv } from "../types";
import { dataOf, routeDocs } from "../lib/openapi";

export const preferencesRoutes = new Hono<AppEnv>().put(
  "/",
  routeDocs("Account")({
    summary: "Change your preferences",
    description: "Merged into the stored ones; the answer holds them all.",
    access: "session",
    response: dataOf(preferencesSchema),
  }),
  requireSession,
  validate("json", preferencesPatchSchema),
  async (c) => {
    const { preferences: patch } = c.req.valid("json");
    const service = patch.transcription_service;
    if (service && !isServiceName(service)) throw unprocessable("Unknown transcription service");
    const current = toPublicUser(c.var.user).preferences;
    const merged = mergePreferences(current, patch);
    await updateUser(c.var.db, c.var.user.id, { preferences: JSON.stringify(merged) });
    return c.json({ data: merged }, 200);
  },
);
