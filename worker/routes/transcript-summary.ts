import { Hono } from "hono";
import * as z from "zod";
import { SUMMARY_TYPES } from "../../core/transcript";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { requestSummary } from "../summaries/job";
import { readTranscript } from "../transcripts/store";
import type { AppEnv } from "../types";
import { transcriptAccessOf } from "../workspaces/access";
import { dataOf, routeDocs } from "../lib/openapi";
import { transcriptSchema } from "../../common/response-schemas";

const regenerateSchema = z.object({
  summary_type: z.enum(SUMMARY_TYPES, { error: `summary_type must be one of: ${SUMMARY_TYPES.join(", ")}` }),
});

/**
 * POST /transcripts/{id}/summary: (re)generate the summary with the language
 * model, in the type asked for. Answers at once (202, summaryStatus
 * "generating"); the new summary arrives as a transcript_changed push, and the
 * one it replaces stays in the edit history.
 */
export const transcriptSummaryRoutes = new Hono<AppEnv>().post(
  "/:id/summary",
  routeDocs("Transcripts")({
    summary: "Generate the summary again",
    description: "Answers at once (summaryStatus `generating`); the new summary arrives on the live socket.",
    status: 202,
    response: dataOf(transcriptSchema),
    errors: [404, 429],
  }),
  validate("json", regenerateSchema),
  limitPerUser("summary"),
  async (c) => {
    const audioFileId = c.req.param("id");
    await transcriptAccessOf(c.var.db, c.var.user.id, audioFileId, "edit");
    const of = { audioFileId };
    // The store answers 404 for a file without a transcript before anything is marked or queued.
    await readTranscript(c.env, audioFileId);
    await requestSummary(c.env, c.var.config, of, c.var.user.id, c.req.valid("json").summary_type);
    return c.json({ data: await readTranscript(c.env, audioFileId) }, 202);
  },
);
