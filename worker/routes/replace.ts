import { Hono } from "hono";
import { fromReplaceBody, replaceBodySchema } from "../../common/transcript-ops";
import { validate } from "../lib/validate";
import { edit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import type { AppEnv } from "../types";
import { dataOf, routeDocs } from "../lib/openapi";
import { replaceResultSchema } from "../../common/response-schemas";

/**
 * Replace all in one transcript (docs/api.md, "Replace all"). Mounted by
 * transcriptRoutes behind the sign-in check; another user's file answers 404.
 */
export const replaceRoutes = new Hono<AppEnv>().post(
  "/:id/replace",
  routeDocs("Transcripts")({
    summary: "Replace all matches in a transcript",
    response: dataOf(replaceResultSchema),
    responseDescription: "The changed utterances and how many matches were replaced",
    errors: [404, 409],
  }),
  fileAccess("id"),
  validate("json", replaceBodySchema),
  async (c) => {
    const opId = idempotencyKey(c);
    const spec = fromReplaceBody(c.req.valid("json"));
    return c.json({ data: await edit(c, c.req.param("id"), { kind: "replace", spec, opId }) }, 200);
  },
);
