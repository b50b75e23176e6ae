import { Hono } from "hono";
import { z } from "zod";
import { SUMMARY_TYPES } from "../../core/transcript";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { requestSummary } from "../summaries/job";
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
    const of = { audioFileId: c.req.param("id"), userId: c.var.user.id };
    // The store answers 404 for a file that is not the user's before anything is marked or queued.
    await readTranscript(c.env, of.userId, of.audioFileId);
    await requestSummary(c.env, c.var.config, of, c.req.valid("json").summary_type);
    return c.json({ data: await readTranscript(c.env, of.userId, of.audioFileId) }, 202);
  },
);
