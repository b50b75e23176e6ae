import { Hono } from "hono";
import { recentQuestionSchema } from "../../common/response-schemas";
import { listOf, routeDocs } from "../lib/openapi";
import { readQuestions } from "../transcripts/store";
import type { AppEnv } from "../types";
import { readableFile } from "../workspaces/access";

/** `GET /transcripts/{id}/questions`: the file's recent questions with their answers, newest first, for its readers. */
export const transcriptQuestionRoutes = new Hono<AppEnv>().get(
  "/:id/questions",
  routeDocs("Transcripts")({ summary: "List a file's recent questions", response: listOf(recentQuestionSchema), errors: [404] }),
  async (c) => {
    const fileId = await readableFile(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ data: await readQuestions(c.env, fileId) }, 200);
  },
);
