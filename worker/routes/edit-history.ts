import { Hono } from "hono";
import { z } from "zod";
import { validate } from "../lib/validate";
import { answerEdit } from "../transcripts/edit-endpoint";
import { getOwnedTranscript } from "../transcripts/read";
import { readHistory, stepEdit } from "../transcripts/store";
import type { AppEnv } from "../types";

/** The transcript's id (its audio file's), from the mount path. */
const fileParam = validate("param", z.object({ id: z.string() }));

/**
 * A transcript's edit history, undo and redo, mounted by transcriptRoutes at
 * `/:id/edit-history` (signed-in users, own transcripts only).
 */
export const editHistoryRoutes = new Hono<AppEnv>()
  .get("/", fileParam, async (c) => {
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, c.req.valid("param").id);
    return c.json({ data: await readHistory(c.env, transcript) }, 200);
  })
  .post("/undo", fileParam, async (c) => {
    const { id } = c.req.valid("param");
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return answerEdit(c, id, () => stepEdit(c.env, c.var.db, transcript, "undo"));
  })
  .post("/redo", fileParam, async (c) => {
    const { id } = c.req.valid("param");
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return answerEdit(c, id, () => stepEdit(c.env, c.var.db, transcript, "redo"));
  });
