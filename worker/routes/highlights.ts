import { type Context, Hono } from "hono";
import * as z from "zod";
import {
  HIGHLIGHT_MESSAGES,
  highlightCreateSchema,
  highlightLabelSchema,
  highlightListQuerySchema,
  QUOTE_LIST_FORMATS,
  quoteListQuerySchema,
} from "../../common/highlights";
import { highlightDtoSchema, highlightLabelDtoSchema } from "../../common/response-schemas";
import { requireAuth } from "../auth/middleware";
import { createHighlight, removeHighlight } from "../highlights/calls";
import { removeLabel, workspaceLabels } from "../highlights/labels";
import { quoteList, quoteListFile, quoteListTexts, quoteListTxt } from "../highlights/quote-list";
import { loadExportRenderers } from "../lazy";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";
import { validate } from "../lib/validate";
import { clientId } from "../transcripts/edit-endpoint";
import { readHighlights } from "../transcripts/store";
import type { AppEnv } from "../types";
import { type CommentTarget, fileCommentsOf, highlightOf, membershipOf, requireRole } from "../workspaces/access";

const docT = routeDocs("Transcripts");
/** The quote list's media types: plain text, or a DOCX's bytes. */
const QUOTE_LIST_TYPES = Object.fromEntries(
  QUOTE_LIST_FORMATS.map((f) => [quoteListFile("", f).contentType.split(";")[0]!, f === "txt" ? ("text" as const) : ("binary" as const)]),
);
const doc = routeDocs("Highlights");

const call = (c: Context<AppEnv>, target: CommentTarget) => ({ env: c.env, db: c.var.db, user: c.var.user, target, clientId: clientId(c) });

/** `/transcripts/{id}/highlights` (the audio file's id): members read and export, commenters and up highlight. */
export const transcriptHighlightRoutes = new Hono<AppEnv>()
  .get(
    "/:id/highlights",
    docT({
      summary: "List a transcript's highlights",
      description: "In text order; `label` lists one label's.",
      response: listOf(highlightDtoSchema),
      errors: [404],
    }),
    validate("query", highlightListQuerySchema),
    async (c) => {
      const target = await fileCommentsOf(c.var.db, c.var.user.id, c.req.param("id"), "read");
      return c.json({ data: await readHighlights(c.env, target.fileId, c.req.valid("query").label) }, 200);
    },
  )
  .post(
    "/:id/highlights",
    docT({ summary: "Highlight words with a label", status: 201, response: dataOf(highlightDtoSchema), errors: [404] }),
    validate("json", highlightCreateSchema, [{ start_word_id: "u1-0", end_word_id: "u1-4", label: "quote" }]),
    async (c) => {
      const target = await fileCommentsOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
      return c.json({ data: await createHighlight(call(c, target), c.req.valid("json")) }, 201);
    },
  )
  .get(
    "/:id/highlights/export",
    docT({
      summary: "Download a transcript's highlights as a quote list",
      description: "Each quote with its speaker, time and file, grouped by label (or `label`'s only); TXT or DOCX.",
      file: QUOTE_LIST_TYPES,
      responseDescription: "The file, as an attachment",
      errors: [404],
    }),
    validate("query", quoteListQuerySchema),
    async (c) => {
      const { format, label } = c.req.valid("query");
      const target = await fileCommentsOf(c.var.db, c.var.user.id, c.req.param("id"), "read");
      const list = quoteList(target.fileName, label, await readHighlights(c.env, target.fileId, label));
      const file = quoteListFile(target.fileName, format);
      const headers = {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      };
      if (format === "docx") return c.body(await (await loadExportRenderers()).quoteListDocx(quoteListTexts(list)), 200, headers);
      return c.body(quoteListTxt(list), 200, headers);
    },
  );

/** `/highlights/{id}`: removed by its maker or an editor; a stranger's is 404. */
export const highlightRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .delete("/:id", doc({ summary: "Remove a highlight", response: messageSchema, errors: [404] }), async (c) => {
    const target = await highlightOf(c.var.db, c.var.user.id, c.req.param("id"), "comment");
    await removeHighlight(call(c, target), c.req.param("id"));
    return c.json({ message: HIGHLIGHT_MESSAGES.deleted }, 200);
  });

const labelParam = z.object({ id: z.string(), label: highlightLabelSchema });

/** `/workspaces/{id}/highlight_labels`: the labels members pick from; editors remove the workspace's own. */
export const highlightLabelRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/:id/highlight_labels",
    doc({
      summary: "List a workspace's highlight labels",
      description: "The defaults, then the workspace's own (added by their first use).",
      response: listOf(highlightLabelDtoSchema),
      errors: [404],
    }),
    async (c) => {
      const { workspace } = await membershipOf(c.var.db, c.var.user.id, c.req.param("id"));
      return c.json({ data: await workspaceLabels(c.var.db, workspace.id) }, 200);
    },
  )
  .delete(
    "/:id/highlight_labels/:label",
    doc({
      summary: "Remove a custom highlight label",
      description: "Highlights that carry it keep it.",
      response: messageSchema,
      errors: [404],
    }),
    validate("param", labelParam),
    async (c) => {
      const { id, label } = c.req.valid("param");
      const { workspace } = await requireRole(c.var.db, c.var.user.id, id, "edit");
      await removeLabel(c.var.db, workspace.id, label);
      return c.json({ message: HIGHLIGHT_MESSAGES.labelDeleted }, 200);
    },
  );
