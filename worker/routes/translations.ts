import { Hono } from "hono";
import * as z from "zod";
import { translateRequestSchema } from "../../common/translations";
import { translationDtoSchema, translationSummaryDtoSchema } from "../../common/response-schemas";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { dataOf, listOf, routeDocs } from "../lib/openapi";
import { limitPerUser } from "../lib/user-rate-limit";
import { validate } from "../lib/validate";
import { requestTranslation } from "../translations/job";
import { listTranslations, readTranslation } from "../translations/store";
import type { AppEnv } from "../types";
import { fileFor, readableFile } from "../workspaces/access";

const doc = routeDocs("Transcripts");
/** Any code: one never asked for (or not a language at all) answers 404 like a missing translation. */
const languageParam = z.object({ id: z.string(), language: z.string().min(1).max(20) });

/**
 * Translations of a transcript (docs/api.md#translations, decision 048), mounted by
 * transcriptRoutes behind the sign-in check: editors ask for one, every member reads them.
 */
export const transcriptTranslationRoutes = new Hono<AppEnv>()
  .post(
    "/:id/translations",
    doc({
      summary: "Translate a transcript",
      description:
        "Made by a job, utterance by utterance; poll GET …/translations/{language} for its progress. `only_stale: true` " +
        "translates only the utterances edited or added since. 409 when no language model is configured; 422 for the " +
        "transcript's own language or one not supported.",
      status: 202,
      response: dataOf(translationDtoSchema),
      errors: [404, 409],
    }),
    validate("json", translateRequestSchema, [{ language: "es" }, { language: "pt-BR", only_stale: true }]),
    limitPerUser("translate"),
    async (c) => {
      const input = c.req.valid("json");
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit", EDIT_MESSAGES.transcriptNotFound);
      await requestTranslation(c.env, c.var.config, file, c.var.user.id, input);
      return c.json({ data: await readTranslation(c.env, { fileId: file.id, language: input.language }) }, 202);
    },
  )
  .get(
    "/:id/translations",
    doc({ summary: "List a transcript's translations", response: listOf(translationSummaryDtoSchema), errors: [404] }),
    async (c) => {
      const fileId = await readableFile(c.var.db, c.var.user.id, c.req.param("id"));
      return c.json({ data: await listTranslations(c.env, fileId) }, 200);
    },
  )
  .get(
    "/:id/translations/:language",
    doc({
      summary: "Get a transcript's translation",
      description: "The translated utterances against the transcript as it is now, with those edited or added since.",
      response: dataOf(translationDtoSchema),
      errors: [404],
    }),
    validate("param", languageParam),
    async (c) => {
      const { id, language } = c.req.valid("param");
      await readableFile(c.var.db, c.var.user.id, id);
      return c.json({ data: await readTranslation(c.env, { fileId: id, language }) }, 200);
    },
  );
