import { Hono } from "hono";
import { exportListQuerySchema } from "../../common/exports";
import { requireAuth } from "../auth/middleware";
import { exportDownloadLink, retryExport } from "../exports/requests";
import { getOwnedExport, listExports, toExportDto } from "../exports/store";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import * as z from "zod";
import { exportDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, routeDocs } from "../lib/openapi";

const doc = routeDocs("Exports");

/** `/exports`: the caller's exports (docs/api.md); other users' exports answer 404. */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    doc({ summary: "List your exports", response: listOf(exportDtoSchema) }),
    validate("query", exportListQuerySchema),
    async (c) => {
      const rows = await listExports(c.var.db, c.var.user.id, c.req.valid("query").status);
      return c.json({ data: rows.map((row) => toExportDto(row)) }, 200);
    },
  )
  .get("/:id", doc({ summary: "Get an export", response: dataOf(exportDtoSchema), errors: [404] }), async (c) => {
    const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: toExportDto(row) }, 200);
  })
  .get(
    "/:id/download",
    doc({
      summary: "Get a short-lived link to a finished export",
      response: z.object({ download_url: z.string(), filename: z.string() }),
      errors: [404, 409],
    }),
    async (c) => {
      const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
      const download_url = await exportDownloadLink(c.var.config, new URL(c.req.url).origin, row);
      return c.json({ download_url, filename: row.filename }, 200);
    },
  )
  .post(
    "/:id/retry",
    doc({ summary: "Retry a failed export", status: 202, response: dataOf(exportDtoSchema), errors: [404, 409] }),
    async (c) => {
      const row = await getOwnedExport(c.var.db, c.var.user.id, c.req.param("id"));
      const queued = await retryExport(c.env, c.var.db, row);
      return c.json({ data: toExportDto(queued) }, 202);
    },
  );
