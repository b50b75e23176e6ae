import { Hono } from "hono";
import type { TypedResponse } from "hono/types";
import type { JSONParsed } from "hono/utils/types";
import { encodeUtterances } from "../../common/compact-utterances";
import { utterancesQuerySchema } from "../../common/utterances-query";
import type { UtteranceDto } from "../../common/transcript";
import { requireAuth } from "../auth/middleware";
import { validate } from "../lib/validate";
import { getOwnedTranscript } from "../transcripts/read";
import { ownedUtterances, readCurrentStates, readSpeakers, readTranscript } from "../transcripts/store";
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
  .get("/:id", async (c) => {
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await readTranscript(c.env, c.var.db, row) }, 200);
  })
  .get("/:id/utterances", validate("query", utterancesQuerySchema), async (c) => {
    const { ids, format } = c.req.valid("query");
    const userId = c.var.user.id;
    const audioFileId = c.req.param("id");
    if (ids) {
      // Only the named ones (another tab applies a change by them); unknown ids are simply absent.
      const row = await getOwnedTranscript(c.var.db, userId, audioFileId);
      const list = await readCurrentStates(c.env, c.var.db, row, ids);
      return format === "compact" ? c.json({ data: encodeUtterances(list) }, 200) : c.json({ data: { data: list } }, 200);
    }
    if (format === "compact") return c.json({ data: await ownedUtterances(c.env, c.var.db, userId, audioFileId, "compact") }, 200);
    const list = await ownedUtterances(c.env, c.var.db, userId, audioFileId, "json");
    // Built as text (see utterancesJson); typed as what listUtterances returns.
    const body = `{"data":{"data":${list}}}`;
    return c.body(body, 200, { "content-type": "application/json; charset=UTF-8" }) as unknown as Response &
      TypedResponse<JSONParsed<{ data: { data: UtteranceDto[] } }>, 200, "json">;
  })
  .get("/:id/speakers", async (c) => {
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await readSpeakers(c.env, c.var.db, row) }, 200);
  })
  .route("/", utteranceRoutes)
  .route("/", replaceRoutes)
  .route("/:id/edit-history", editHistoryRoutes)
  .route("/", transcriptDetailsRoutes)
  .route("/", speakerMergeRoutes)
  .route("/", transcriptExportRoutes)
  .route("/", transcriptSummaryRoutes);
