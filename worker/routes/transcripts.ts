import { Hono } from "hono";
import type { TypedResponse } from "hono/types";
import type { JSONParsed } from "hono/utils/types";
import type { UtteranceDto } from "../../common/transcript";
import { requireAuth } from "../auth/middleware";
import { getOwnedTranscript, listSpeakers, toTranscriptDto, utterancesJsonOfFile } from "../transcripts/read";
import type { AppEnv } from "../types";
import { editHistoryRoutes } from "./edit-history";
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
    return c.json({ data: toTranscriptDto(row, await listSpeakers(c.var.db, row.id)) }, 200);
  })
  .get("/:id/utterances", async (c) => {
    // The ownership check and the read run side by side (the read checks ownership itself).
    const [, list] = await Promise.all([
      getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id")),
      utterancesJsonOfFile(c.var.db, c.var.user.id, c.req.param("id")),
    ]);
    // Built as text (see utterancesJson); typed as what listUtterances returns.
    const body = `{"data":{"data":${list}}}`;
    return c.body(body, 200, { "content-type": "application/json; charset=UTF-8" }) as unknown as Response &
      TypedResponse<JSONParsed<{ data: { data: UtteranceDto[] } }>, 200, "json">;
  })
  .get("/:id/speakers", async (c) => {
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await listSpeakers(c.var.db, row.id) }, 200);
  })
  .route("/", utteranceRoutes)
  .route("/:id/edit-history", editHistoryRoutes)
  .route("/", transcriptDetailsRoutes)
  .route("/", transcriptExportRoutes)
  .route("/", transcriptSummaryRoutes);
