import { Hono } from "hono";
import { exportListQuerySchema } from "../../common/exports";
import { requireAuth } from "../auth/middleware";
import { exportDownloadLink, retryExport } from "../exports/requests";
import { getOwnedExport, listExports, toExportDto } from "../exports/store";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";

/** `/exports`: the caller's exports (docs/api.md); other users' exports answer 404. */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", validate("query", exportListQuerySchema), async (c) => {
    const rows = await listExports(c.var.db, c.var.user.id, c.req.valid("query").status);
    return c.json({ data: rows.map((row) => toExportDto(row)) }, 200);
  })
  .get("/:id", async (c) => {
    const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: toExportDto(row) }, 200);
  })
  .get("/:id/download", async (c) => {
    const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
    const download_url = await exportDownloadLink(c.var.config, new URL(c.req.url).origin, row);
    return c.json({ download_url, filename: row.filename }, 200);
  })
  .post("/:id/retry", async (c) => {
    const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
    const queued = await retryExport(c.env, c.var.db, row);
    return c.json({ data: toExportDto(queued) }, 202);
  });
