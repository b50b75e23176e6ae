import { Hono } from "hono";
import * as z from "zod";
import { validate } from "../lib/validate";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import { readHistory } from "../transcripts/store";
import type { AppEnv } from "../types";
import { readableFile } from "../workspaces/access";
import { dataOf, routeDocs } from "../lib/openapi";
import { editHistorySchema, operationResultSchema } from "../../common/response-schemas";

const doc = routeDocs("Transcripts");

/** The transcript's id (its audio file's), from the mount path. */
const fileParam = validate("param", z.object({ id: z.string() }));

/**
 * A transcript's edit history, undo and redo, mounted by transcriptRoutes at
 * `/:id/edit-history` (signed-in users, own transcripts only). Undo and redo honour an
 * Idempotency-Key as the operations do: a retried one steps once.
 */
export const editHistoryRoutes = new Hono<AppEnv>()
  .get("/", doc({ summary: "Get a transcript's edit history", response: dataOf(editHistorySchema), errors: [404] }), fileParam, async (c) =>
    c.json(
      {
        data: await readHistory(c.env, await readableFile(c.var.db, c.var.user.id, c.req.valid("param").id)),
      },
      200,
    ),
  )
  .post(
    "/undo",
    doc({ summary: "Undo the last edit", response: dataOf(operationResultSchema), errors: [404, 409] }),
    fileAccess("id"),
    fileParam,
    (c) => answerEdit(c, c.req.valid("param").id, { kind: "step", direction: "undo", opId: idempotencyKey(c) }),
  )
  .post(
    "/redo",
    doc({ summary: "Redo the last undone edit", response: dataOf(operationResultSchema), errors: [404, 409] }),
    fileAccess("id"),
    fileParam,
    (c) => answerEdit(c, c.req.valid("param").id, { kind: "step", direction: "redo", opId: idempotencyKey(c) }),
  );
