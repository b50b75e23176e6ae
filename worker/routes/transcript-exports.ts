import { Hono } from "hono";
import { DEFAULT_EXPORT_OPTIONS, exportOptionsDto, requestExportSchema } from "../../common/exports";
import { requestExport } from "../exports/requests";
import { toExportDto } from "../exports/store";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { getOwnedTranscript } from "../transcripts/read";
import type { AppEnv } from "../types";

/** Export requests of a transcript (docs/api.md); mounted by transcriptRoutes behind the sign-in check. */
export const transcriptExportRoutes = new Hono<AppEnv>()
  .post("/:id/request-export", validate("json", requestExportSchema), limitPerUser("export"), async (c) => {
    const { format, options } = c.req.valid("json");
    const row = await requestExport(c.env, c.var.db, c.var.user.id, c.req.param("id"), {
      format,
      options: { ...DEFAULT_EXPORT_OPTIONS, ...options },
    });
    return c.json({ data: toExportDto(row) }, 202);
  })
  .get("/:id/export-options", async (c) => {
    await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: exportOptionsDto() }, 200);
  });
