import { Hono } from "hono";
import { searchQuerySchema } from "../../common/search";
import { requireAuth } from "../auth/middleware";
import { validate } from "../lib/validate";
import { searchLibrary } from "../search/search";
import type { AppEnv } from "../types";
import { workspaceFor } from "../workspaces/access";
import { routeDocs } from "../lib/openapi";
import { searchPageSchema } from "../../common/response-schemas";

/** GET /search: a workspace's transcripts, file names, speaker names, summaries and notes (the personal one by default). */
export const searchRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    routeDocs("Search")({ summary: "Search a workspace", response: searchPageSchema, errors: [404] }),
    validate("query", searchQuerySchema),
    async (c) => {
      const { q, workspace_id, folder_id, speaker, limit, cursor } = c.req.valid("query");
      const folderId = folder_id === undefined ? undefined : folder_id === "" || folder_id === "common" ? null : folder_id;
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "read");
      return c.json(await searchLibrary(c.env, workspaceId, { q, folderId, speaker, limit, cursor }), 200);
    },
  );
