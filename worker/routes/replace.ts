import { Hono } from "hono";
import { fromReplaceBody, replaceBodySchema } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { idempotencyKey, notifyChanged } from "../transcripts/edit-endpoint";
import { getOwnedTranscript } from "../transcripts/read";
import { replaceEverywhere } from "../transcripts/store";
import type { AppEnv } from "../types";

/**
 * Replace all in one transcript (docs/api.md, "Replace all"). Mounted by
 * transcriptRoutes behind the sign-in check; another user's file answers 404.
 */
export const replaceRoutes = new Hono<AppEnv>().post("/:audioFileId/replace", validate("json", replaceBodySchema), async (c) => {
  const key = idempotencyKey(c);
  const audioFileId = c.req.param("audioFileId");
  const transcript = await getOwnedTranscript(c.var.db, c.var.user.id, audioFileId);
  const spec = fromReplaceBody(c.req.valid("json"));
  const outcome = await replaceEverywhere(c.env, transcript, spec, key);
  notifyChanged(c, audioFileId, outcome);
  return c.json({ data: outcome.result }, 200);
});
