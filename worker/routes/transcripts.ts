import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { getOwnedTranscript, listSpeakers, listUtterances, toTranscriptDto } from "../transcripts/read";
import type { AppEnv } from "../types";
import { editHistoryRoutes } from "./edit-history";
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
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: { data: await listUtterances(c.var.db, row.id) } }, 200);
  })
  .get("/:id/speakers", async (c) => {
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await listSpeakers(c.var.db, row.id) }, 200);
  })
  .route("/", utteranceRoutes)
  .route("/", editHistoryRoutes);
