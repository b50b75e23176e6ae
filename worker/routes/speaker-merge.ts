import { Hono } from "hono";
import { BODY_SCHEMAS, fromRequest } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { answerEdit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import type { AppEnv } from "../types";
import { dataOf, routeDocs } from "../lib/openapi";
import { operationResultSchema } from "../../common/response-schemas";

/**
 * POST /transcripts/{id}/speakers/{speakerId}/merge (docs/api.md): the
 * speaker's utterances become `into_speaker_id`'s and the speaker goes. Mounted
 * by transcriptRoutes (signed-in users, own transcripts only, 404 otherwise);
 * answers like every editing operation, with the speakers as they now are.
 */
export const speakerMergeRoutes = new Hono<AppEnv>().post(
  "/:id/speakers/:speakerId/merge",
  routeDocs("Transcripts")({
    summary: "Merge a speaker into another",
    response: dataOf(operationResultSchema),
    responseDescription: "The operation's result, with the speakers",
    errors: [404, 409],
  }),
  fileAccess("id"),
  validate("json", BODY_SCHEMAS.merge_speakers),
  async (c) => {
    const { id, speakerId } = c.req.param();
    const op = fromRequest("merge_speakers", speakerId, c.req.valid("json"));
    return answerEdit(c, id, { kind: "merge_speakers", speakerId: op.speakerId, intoSpeakerId: op.intoSpeakerId, opId: idempotencyKey(c) });
  },
);
