import { Hono } from "hono";
import { speakerCreateSchema, speakerUpdateSchema, transcriptFieldsSchema } from "../../common/transcript-details";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { edit } from "../transcripts/edit-endpoint";
import { fileAccess } from "../transcripts/file-access";
import { dataOf, routeDocs } from "../lib/openapi";
import * as z from "zod";
import { speakerSchema, transcriptSchema } from "../../common/response-schemas";

const doc = routeDocs("Transcripts");

/**
 * Summary, notes and speakers of a transcript (docs/api.md). Mounted by
 * transcriptRoutes (signed-in users, own transcripts only); every change is
 * recorded in the edit history and pushed to the owner's other tabs.
 */
export const transcriptDetailsRoutes = new Hono<AppEnv>()
  .put(
    "/:id",
    doc({ summary: "Change a transcript's summary or notes", response: dataOf(transcriptSchema), errors: [404, 409] }),
    fileAccess("id"),
    validate("json", transcriptFieldsSchema),
    async (c) => c.json({ data: await edit(c, c.req.param("id"), { kind: "fields", input: c.req.valid("json").transcript }) }, 200),
  )
  .post(
    "/:id/speakers",
    doc({ summary: "Add a speaker", status: 201, response: dataOf(speakerSchema), errors: [404, 409] }),
    fileAccess("id"),
    validate("json", speakerCreateSchema),
    async (c) => {
      const input = c.req.valid("json").speaker;
      const speaker = await edit(c, c.req.param("id"), { kind: "create_speaker", input: { name: input?.name, role: input?.role ?? null } });
      return c.json({ data: speaker }, 201);
    },
  )
  .put(
    "/:id/speakers/:speakerId",
    doc({ summary: "Rename a speaker or set their role", response: dataOf(speakerSchema), errors: [404, 409] }),
    fileAccess("id"),
    validate("json", speakerUpdateSchema),
    async (c) => {
      const { id, speakerId } = c.req.param();
      return c.json({ data: await edit(c, id, { kind: "update_speaker", speakerId, input: c.req.valid("json").speaker }) }, 200);
    },
  )
  .delete(
    "/:id/speakers/:speakerId",
    doc({
      summary: "Remove a speaker",
      response: dataOf(z.object({ id: z.string(), label: z.string() })),
      responseDescription: "The removed speaker's id and label",
      errors: [404, 409],
    }),
    fileAccess("id"),
    async (c) => {
      const { id, speakerId } = c.req.param();
      return c.json({ data: await edit(c, id, { kind: "delete_speaker", speakerId }) }, 200);
    },
  );
