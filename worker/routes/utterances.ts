import { Hono, type Context } from "hono";
import { BODY_SCHEMAS, fromRequest } from "../../common/transcript-ops";
import type { OpRequest } from "../../core/operations";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import { dataOf, type ErrorStatus, routeDocs } from "../lib/openapi";
import { operationResultSchema } from "../../common/response-schemas";

const doc = routeDocs("Transcripts");
/** Every operation answers alike (docs/api.md, Transcripts); a stale `version` is 409. */
const RESULT = {
  response: dataOf(operationResultSchema),
  responseDescription: "The operation's result: the changed utterances",
  errors: [404, 409] as ErrorStatus[],
};

/**
 * Editing operations on one utterance (docs/api.md, Transcripts). Mounted by
 * transcriptRoutes, which requires a signed-in user; the user's own store answers
 * 404 for a file it does not hold. The bodies are parsed by the shared codec
 * (common/transcript-ops.ts), the same one the SPA sends with.
 */
const operation = (c: Context<AppEnv>, audioFileId: string, req: OpRequest) =>
  answerEdit(c, audioFileId, { kind: "operation", req, opId: idempotencyKey(c) });

export const utteranceRoutes = new Hono<AppEnv>()
  .patch(
    "/:id/utterances/:utteranceId/update_words",
    doc({ summary: "Change an utterance's words", ...RESULT }),
    fileAccess("id"),
    validate("json", BODY_SCHEMAS.update_words),
    (c) => operation(c, c.req.param("id"), fromRequest("update_words", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post(
    "/:id/utterances/:utteranceId/split",
    doc({ summary: "Split an utterance", ...RESULT }),
    fileAccess("id"),
    validate("json", BODY_SCHEMAS.split),
    (c) => operation(c, c.req.param("id"), fromRequest("split", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post(
    "/:id/utterances/:utteranceId/merge",
    doc({ summary: "Merge an utterance with the one before", ...RESULT }),
    fileAccess("id"),
    validate("json", BODY_SCHEMAS.merge),
    (c) => operation(c, c.req.param("id"), fromRequest("merge", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .put(
    "/:id/utterances/:utteranceId",
    doc({ summary: "Set an utterance's speaker", ...RESULT }),
    fileAccess("id"),
    validate("json", BODY_SCHEMAS.set_speaker),
    (c) => operation(c, c.req.param("id"), fromRequest("set_speaker", c.req.param("utteranceId"), c.req.valid("json"))),
  );
