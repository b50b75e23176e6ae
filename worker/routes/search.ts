import { Hono } from "hono";
import { searchQuerySchema } from "../../common/search";
import { requireAuth } from "../auth/middleware";
import { validate } from "../lib/validate";
import { searchLibrary } from "../search/search";
import type { AppEnv } from "../types";

/** GET /search: the signed-in user's transcripts, file names, speaker names, summaries and notes. */
export const searchRoutes = new Hono<AppEnv>().use(requireAuth).get("/", validate("query", searchQuerySchema), async (c) => {
  const { q, folder_id, speaker, limit, cursor } = c.req.valid("query");
  const folderId = folder_id === undefined ? undefined : folder_id === "" || folder_id === "common" ? null : folder_id;
  return c.json(await searchLibrary(c.env, c.var.user.id, { q, folderId, speaker, limit, cursor }), 200);
});
