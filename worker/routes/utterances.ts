import { Hono, type Context } from "hono";
import { mergeBodySchema, setSpeakerBodySchema, splitBodySchema, updateWordsBodySchema } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { runOperation, type EditRequest } from "../transcripts/operations";
import { getOwnedTranscript } from "../transcripts/read";
import type { AppEnv } from "../types";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";

/**
 * Editing operations on one utterance (spec section 7). Mounted by
 * transcriptRoutes, which requires a signed-in user; every id is checked
 * against the caller's own transcript (404 otherwise).
 */
/** The steps every operation route shares: own transcript or 404, idempotency key, the answer. */
async function edit(c: Context<AppEnv>, audioFileId: string, op: EditRequest) {
  const key = idempotencyKey(c);
  const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
  return answerEdit(c, audioFileId, () => runOperation(c.env.DB, transcript, op, key));
}

export const utteranceRoutes = new Hono<AppEnv>()
  .patch("/:audioFileId/utterances/:utteranceId/update_words", validate("json", updateWordsBodySchema), (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const { words, version } = c.req.valid("json");
    return edit(c, audioFileId, { type: "update_words", utteranceId, words, version });
  })
  .post("/:audioFileId/utterances/:utteranceId/split", validate("json", splitBodySchema), (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const body = c.req.valid("json");
    return edit(c, audioFileId, {
      type: "split",
      utteranceId,
      firstWordId: body.first_word_id,
      newUtteranceId: body.new_utterance_id,
      version: body.version,
    });
  })
  .post("/:audioFileId/utterances/:targetUtteranceId/merge", validate("json", mergeBodySchema), (c) => {
    const { audioFileId, targetUtteranceId } = c.req.param();
    const body = c.req.valid("json");
    return edit(c, audioFileId, {
      type: "merge",
      targetUtteranceId,
      sourceUtteranceId: body.source_utterance_id,
      version: body.version,
      sourceVersion: body.source_version,
    });
  })
  .put("/:audioFileId/utterances/:utteranceId", validate("json", setSpeakerBodySchema), (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const body = c.req.valid("json");
    return edit(c, audioFileId, { type: "set_speaker", utteranceId, speakerId: body.speaker_id, version: body.version });
  });
