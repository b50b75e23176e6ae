import { Hono } from "hono";
import { type CompactUtterances, encodeUtterances } from "../../common/compact-utterances";
import { utterancesQuerySchema } from "../../common/utterances-query";
import type { UtteranceDto } from "../../core/transcript";
import { requireAuth } from "../auth/middleware";
import { dataAsJsonText } from "../lib/json-text";
import { validate } from "../lib/validate";
import { readCompactUtterancesJson, readCurrentStates, readSpeakers, readTranscript, readUtterancesJson } from "../transcripts/store";
import type { AppEnv } from "../types";
import { editHistoryRoutes } from "./edit-history";
import { replaceRoutes } from "./replace";
import { speakerMergeRoutes } from "./speaker-merge";
import { transcriptDetailsRoutes } from "./transcript-details";
import { transcriptExportRoutes } from "./transcript-exports";
import { transcriptSummaryRoutes } from "./transcript-summary";
import { utteranceRoutes } from "./utterances";

/**
 * Every `/transcripts/{id}` route takes the audio file's id. The editing
 * sub-apps (utterance operations, edit history) are mounted here, behind the
 * same sign-in check.
 */
export const transcriptRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/:id", async (c) => c.json({ data: await readTranscript(c.env, c.var.user.id, c.req.param("id")) }, 200))
  .get("/:id/utterances", validate("query", utterancesQuerySchema), async (c) => {
    const { ids, first, format } = c.req.valid("query");
    const userId = c.var.user.id;
    const audioFileId = c.req.param("id");
    if (ids) {
      // Only the named ones (another tab applies a change by them); unknown ids are simply absent.
      const list = await readCurrentStates(c.env, userId, audioFileId, ids);
      return format === "compact" ? c.json({ data: encodeUtterances(list) }, 200) : c.json({ data: { data: list } }, 200);
    }
    if (format === "compact")
      return dataAsJsonText<CompactUtterances>(c, await readCompactUtterancesJson(c.env, userId, audioFileId, first));
    return dataAsJsonText<{ data: UtteranceDto[] }>(c, `{"data":${await readUtterancesJson(c.env, userId, audioFileId, first)}}`);
  })
  .get("/:id/speakers", async (c) => c.json({ data: await readSpeakers(c.env, c.var.user.id, c.req.param("id")) }, 200))
  .route("/", utteranceRoutes)
  .route("/", replaceRoutes)
  .route("/:id/edit-history", editHistoryRoutes)
  .route("/", transcriptDetailsRoutes)
  .route("/", speakerMergeRoutes)
  .route("/", transcriptExportRoutes)
  .route("/", transcriptSummaryRoutes);
