import { Hono, type Context } from "hono";
import { BODY_SCHEMAS, fromRequest } from "../../common/transcript-ops";
import type { OpRequest } from "../../core/operations";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";

/**
 * Editing operations on one utterance (docs/api.md, Transcripts). Mounted by
 * transcriptRoutes, which requires a signed-in user; the user's own store answers
 * 404 for a file it does not hold. The bodies are parsed by the shared codec
 * (common/transcript-ops.ts), the same one the SPA sends with.
 */
const operation = (c: Context<AppEnv>, audioFileId: string, req: OpRequest) =>
  answerEdit(c, audioFileId, { kind: "operation", req, opId: idempotencyKey(c) });

export const utteranceRoutes = new Hono<AppEnv>()
  .patch("/:audioFileId/utterances/:utteranceId/update_words", validate("json", BODY_SCHEMAS.update_words), (c) =>
    operation(c, c.req.param("audioFileId"), fromRequest("update_words", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post("/:audioFileId/utterances/:utteranceId/split", validate("json", BODY_SCHEMAS.split), (c) =>
    operation(c, c.req.param("audioFileId"), fromRequest("split", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post("/:audioFileId/utterances/:utteranceId/merge", validate("json", BODY_SCHEMAS.merge), (c) =>
    operation(c, c.req.param("audioFileId"), fromRequest("merge", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .put("/:audioFileId/utterances/:utteranceId", validate("json", BODY_SCHEMAS.set_speaker), (c) =>
    operation(c, c.req.param("audioFileId"), fromRequest("set_speaker", c.req.param("utteranceId"), c.req.valid("json"))),
  );
