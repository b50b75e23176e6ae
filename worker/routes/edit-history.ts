import { Hono } from "hono";
import { getEditHistory, stepHistory } from "../transcripts/history";
import { getOwnedTranscript } from "../transcripts/read";
import type { AppEnv } from "../types";
import { answerEdit } from "./transcript-edits";

/** A transcript's edit history, undo and redo. Mounted by transcriptRoutes (signed-in users, own transcripts only). */
export const editHistoryRoutes = new Hono<AppEnv>()
  .get("/:id/edit-history", async (c) => {
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await getEditHistory(c.env.DB, transcript) }, 200);
  })
  .post("/:id/edit-history/undo", async (c) => {
    const id = c.req.param("id");
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return answerEdit(c, id, () => stepHistory(c.env.DB, c.var.db, transcript, "undo"));
  })
  .post("/:id/edit-history/redo", async (c) => {
    const id = c.req.param("id");
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return answerEdit(c, id, () => stepHistory(c.env.DB, c.var.db, transcript, "redo"));
  });
