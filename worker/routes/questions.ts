import { Hono } from "hono";
import { readQuestions } from "../transcripts/store";
import type { AppEnv } from "../types";
import { transcriptStoreOf } from "../workspaces/access";

/** `GET /transcripts/{id}/questions`: the file's recent questions with their answers, newest first, for its readers. */
export const transcriptQuestionRoutes = new Hono<AppEnv>().get("/:id/questions", async (c) => {
  const fileId = c.req.param("id");
  const storeId = await transcriptStoreOf(c.var.db, c.var.user.id, fileId, "read");
  return c.json({ data: await readQuestions(c.env, storeId, fileId) }, 200);
});
