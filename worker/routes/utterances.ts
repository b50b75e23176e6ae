import { Hono } from "hono";
import { mergeBodySchema, setSpeakerBodySchema, splitBodySchema, updateWordsBodySchema } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { runOperation } from "../transcripts/operations";
import { getOwnedTranscript } from "../transcripts/read";
import type { AppEnv } from "../types";
import { answerEdit, idempotencyKey } from "./transcript-edits";

/**
 * Editing operations on one utterance (spec section 7). Mounted by
 * transcriptRoutes, which requires a signed-in user; every id is checked
 * against the caller's own transcript (404 otherwise).
 */
export const utteranceRoutes = new Hono<AppEnv>()
  .patch("/:audioFileId/utterances/:utteranceId/update_words", validate("json", updateWordsBodySchema), async (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const body = c.req.valid("json");
    const key = idempotencyKey(c);
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
    return answerEdit(c, audioFileId, () =>
      runOperation(c.env.DB, transcript, { type: "update_words", utteranceId, words: body.words, version: body.version }, key),
    );
  })
  .post("/:audioFileId/utterances/:utteranceId/split", validate("json", splitBodySchema), async (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const body = c.req.valid("json");
    const key = idempotencyKey(c);
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
    return answerEdit(c, audioFileId, () =>
      runOperation(
        c.env.DB,
        transcript,
        { type: "split", utteranceId, firstWordId: body.first_word_id, newUtteranceId: body.new_utterance_id, version: body.version },
        key,
      ),
    );
  })
  .post("/:audioFileId/utterances/:targetUtteranceId/merge", validate("json", mergeBodySchema), async (c) => {
    const { audioFileId, targetUtteranceId } = c.req.param();
    const body = c.req.valid("json");
    const key = idempotencyKey(c);
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
    return answerEdit(c, audioFileId, () =>
      runOperation(
        c.env.DB,
        transcript,
        { type: "merge", targetUtteranceId, sourceUtteranceId: body.source_utterance_id, version: body.version, sourceVersion: body.source_version },
        key,
      ),
    );
  })
  .put("/:audioFileId/utterances/:utteranceId", validate("json", setSpeakerBodySchema), async (c) => {
    const { audioFileId, utteranceId } = c.req.param();
    const body = c.req.valid("json");
    const key = idempotencyKey(c);
    const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
    return answerEdit(c, audioFileId, () =>
      runOperation(c.env.DB, transcript, { type: "set_speaker", utteranceId, speakerId: body.speaker_id, version: body.version }, key),
    );
  });
