import { type Context, Hono } from "hono";
import * as z from "zod";
import {
  type MediaFill,
  type RedactionDto,
  redactionBulkSchema,
  redactionCreateSchema,
  redactionSchema,
  redactionSuggestionSchema,
} from "../../common/redactions";
import type { RedactionTarget } from "../../core/redaction-plan";
import { listOf, routeDocs } from "../lib/openapi";
import { validate } from "../lib/validate";
import { afterRedaction } from "../redactions/after";
import { edit, idempotencyKey } from "../transcripts/edit-endpoint";
import { fileAccess, fileAccessOf } from "../transcripts/file-access";
import { readRedactions, readRedactionSuggestions } from "../transcripts/store";
import type { AppEnv } from "../types";
import { accessFrom, editTargetFrom } from "../workspaces/access";

const doc = routeDocs("Transcripts");
const EDITORS = "Editors and owners only: viewers and commenters get 403.";

/** Runs one redaction request in the file's room, then deletes the file's earlier exports and logs each redaction. */
async function redactAndAnswer(c: Context<AppEnv>, target: RedactionTarget, label: string, fill: MediaFill): Promise<RedactionDto[]> {
  const fileId = c.req.param("id") ?? "";
  const done = await edit(c, fileId, { kind: "redact", target, label, fill, opId: idempotencyKey(c) });
  const file = editTargetFrom(await fileAccessOf(c, fileId), fileId);
  if (done.redactions.length) await afterRedaction(c.env, c.var.db, file, c.var.user, done.redactions);
  return done.redactions;
}

const brief = (r: RedactionDto) => ({ id: r.id, label: r.label, start_time: r.start_time, end_time: r.end_time });

/**
 * Redaction (docs/api.md, "Redaction"; decision 058): words become one marker `[Label]` for good,
 * in the transcript, its history, quotes, translations, the index and exports. Mounted by
 * transcriptRoutes behind the sign-in check; another workspace's file answers 404.
 */
export const redactionRoutes = new Hono<AppEnv>()
  .post(
    "/:id/redactions",
    doc({
      summary: "Redact words of a transcript",
      description: `The words from \`start_word_id\` to \`end_word_id\` (one utterance) become one marker word \`[label]\` with their times. It cannot be undone: the words leave the history too, and the file's exports are deleted. ${EDITORS}`,
      status: 201,
      response: z.object({ id: z.string(), label: z.string(), start_time: z.number(), end_time: z.number() }),
      errors: [404, 422],
    }),
    fileAccess("id"),
    validate("json", redactionCreateSchema, [{ start_word_id: "w1", end_word_id: "w3", label: "Name" }]),
    async (c) => {
      const { start_word_id, end_word_id, label, media } = c.req.valid("json");
      const [made] = await redactAndAnswer(c, { ranges: [{ startWordId: start_word_id, endWordId: end_word_id }] }, label, media);
      return c.json(brief(made!), 201);
    },
  )
  .post(
    "/:id/redactions/bulk",
    doc({
      summary: "Redact every occurrence of a term or kind",
      description: `Every whole-word occurrence of \`query\` (case-insensitive), or every e-mail address, phone number or digit run (\`kind\`), each its own marker, in one step. ${EDITORS}`,
      status: 201,
      response: listOf(redactionSchema),
      errors: [404, 422],
    }),
    fileAccess("id"),
    validate("json", redactionBulkSchema, [{ query: "Alice", label: "Name" }]),
    async (c) => {
      const { query, kind, label, media } = c.req.valid("json");
      const target: RedactionTarget = query !== undefined ? { query } : { kind: kind! };
      return c.json({ data: await redactAndAnswer(c, target, label, media) }, 201);
    },
  )
  .get(
    "/:id/redactions",
    doc({
      summary: "List a transcript's redactions",
      description: "Where, which label, who and when; never the text.",
      response: listOf(redactionSchema),
      errors: [404],
    }),
    fileAccess("id"),
    async (c) => {
      const fileId = c.req.param("id");
      accessFrom(await fileAccessOf(c, fileId), "read");
      return c.json({ data: await readRedactions(c.env, fileId) }, 200);
    },
  )
  .get(
    "/:id/redaction-suggestions",
    doc({
      summary: "Find what to redact",
      description: `Likely personal data in the transcript — e-mail addresses, phone numbers, digit runs, speakers' names and names repeated in the text — each with its count. ${EDITORS}`,
      response: listOf(redactionSuggestionSchema),
      errors: [404],
    }),
    fileAccess("id"),
    async (c) => {
      const fileId = c.req.param("id");
      accessFrom(await fileAccessOf(c, fileId), "edit");
      return c.json({ data: await readRedactionSuggestions(c.env, fileId) }, 200);
    },
  );
