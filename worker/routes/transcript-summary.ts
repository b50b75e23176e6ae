import { Hono } from "hono";
import { z } from "zod";
import { SUMMARY_TYPES } from "../../common/transcript";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { requestSummary } from "../summaries/job";
import { getOwnedTranscript } from "../transcripts/read";
import { readTranscript } from "../transcripts/store";
import type { AppEnv } from "../types";

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
  validate("json", regenerateSchema),
  limitPerUser("summary"),
  async (c) => {
    const id = c.req.param("id");
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    await requestSummary(c.env, c.var.db, c.var.config, row, c.req.valid("json").summary_type);
    const marked = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return c.json({ data: await readTranscript(c.env, c.var.db, marked) }, 202);
  },
);
