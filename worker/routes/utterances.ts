import { Hono, type Context } from "hono";
import { BODY_SCHEMAS, fromRequest, type OpRequest } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { getOwnedTranscript } from "../transcripts/read";
import { runEdit } from "../transcripts/store";
import type { AppEnv } from "../types";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";

/**
 * Editing operations on one utterance (docs/api.md, Transcripts). Mounted by
 * transcriptRoutes, which requires a signed-in user; every id is checked
 * against the caller's own transcript (404 otherwise). The bodies are parsed
 * by the shared codec (common/transcript-ops.ts), the same one the SPA sends with.
 */
/** The steps every operation route shares: own transcript or 404, idempotency key, the answer. */
async function edit(c: Context<AppEnv>, audioFileId: string, op: OpRequest) {
  const key = idempotencyKey(c);
  const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
  return answerEdit(c, audioFileId, () => runEdit(c.env, transcript, op, key));
}

export const utteranceRoutes = new Hono<AppEnv>()
  .patch("/:audioFileId/utterances/:utteranceId/update_words", validate("json", BODY_SCHEMAS.update_words), (c) =>
    edit(c, c.req.param("audioFileId"), fromRequest("update_words", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post("/:audioFileId/utterances/:utteranceId/split", validate("json", BODY_SCHEMAS.split), (c) =>
    edit(c, c.req.param("audioFileId"), fromRequest("split", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .post("/:audioFileId/utterances/:utteranceId/merge", validate("json", BODY_SCHEMAS.merge), (c) =>
    edit(c, c.req.param("audioFileId"), fromRequest("merge", c.req.param("utteranceId"), c.req.valid("json"))),
  )
  .put("/:audioFileId/utterances/:utteranceId", validate("json", BODY_SCHEMAS.set_speaker), (c) =>
    edit(c, c.req.param("audioFileId"), fromRequest("set_speaker", c.req.param("utteranceId"), c.req.valid("json"))),
  );
