import { Hono } from "hono";
import { DEFAULT_EXPORT_OPTIONS, exportOptionsDto, requestExportSchema } from "../../common/exports";
import { requestExport } from "../exports/requests";
import { toExportDto } from "../exports/store";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { getTranscriptHeader } from "../transcripts/read";
import { fileFor } from "../workspaces/access";
import type { AppEnv } from "../types";
import { exportDtoSchema, exportOptionsDtoSchema } from "../../common/response-schemas";
import { dataOf, routeDocs } from "../lib/openapi";

const doc = routeDocs("Transcripts");

/** Export requests of a transcript (docs/api.md); mounted by transcriptRoutes behind the sign-in check; any member may export. */
export const transcriptExportRoutes = new Hono<AppEnv>()
  .post(
    "/:id/request-export",
    doc({
      summary: "Export a transcript",
      description:
        "Made by a job; poll GET /exports/{id}, then get its download link. `language` exports that completed translation " +
        "with the transcript's timings (422 when there is none, or it is not completed).",
      status: 202,
      response: dataOf(exportDtoSchema),
      errors: [404, 429],
    }),
    validate("json", requestExportSchema),
    limitPerUser("export"),
    async (c) => {
      const { format, options, language } = c.req.valid("json");
      // Exporting is reading: every member may (a stranger's 404 is a missing transcript's).
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read", EDIT_MESSAGES.transcriptNotFound);
      const row = await requestExport(c.env, c.var.db, c.var.user.id, file, {
        format,
        options: { ...DEFAULT_EXPORT_OPTIONS, ...options },
        language,
      });
      return c.json({ data: toExportDto(row) }, 202);
    },
  )
  .get(
    "/:id/export-options",
    doc({ summary: "The export formats and options", response: dataOf(exportOptionsDtoSchema), errors: [404] }),
    async (c) => {
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read", EDIT_MESSAGES.transcriptNotFound);
      await getTranscriptHeader(c.var.db, file.id);
      return c.json({ data: exportOptionsDto() }, 200);
    },
  );
