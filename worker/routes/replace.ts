import { Hono } from "hono";
import { fromReplaceBody, replaceBodySchema } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { edit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import type { AppEnv } from "../types";
import { routeDocs } from "../lib/openapi";

/**
 * Replace all in one transcript (docs/api.md, "Replace all"). Mounted by
 * transcriptRoutes behind the sign-in check; another user's file answers 404.
 */
export const replaceRoutes = new Hono<AppEnv>().post(
  "/:audioFileId/replace",
  routeDocs("Transcripts")({
    summary: "Replace all matches in a transcript",
    responseDescription: "`{data: result}`: the changed utterances and the count",
    errors: [404, 409],
  }),
  fileAccess("audioFileId"),
  validate("json", replaceBodySchema),
  async (c) => {
    const opId = idempotencyKey(c);
    const spec = fromReplaceBody(c.req.valid("json"));
    return c.json({ data: await edit(c, c.req.param("audioFileId"), { kind: "replace", spec, opId }) }, 200);
  },
);
