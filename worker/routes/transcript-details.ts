import { Hono } from "hono";
import { speakerCreateSchema, speakerUpdateSchema, transcriptFieldsSchema } from "../../common/transcript-details";
import { validate } from "../lib/validate";
import { createSpeaker, deleteSpeaker, updateFields, updateSpeaker } from "../transcripts/details-edits";
import { getOwnedTranscript, listSpeakers, toTranscriptDto } from "../transcripts/read";
import { getEditableTranscript } from "../transcripts/store";
import type { AppEnv } from "../types";
import { notifyChanged } from "../transcripts/edit-endpoint";

/**
 * Summary, notes and speakers of a transcript (docs/api.md). Mounted by
 * transcriptRoutes (signed-in users, own transcripts only); every change is
 * recorded in the edit history and pushed to the owner's other tabs.
 */
export const transcriptDetailsRoutes = new Hono<AppEnv>()
  .put("/:id", validate("json", transcriptFieldsSchema), async (c) => {
    const id = c.req.param("id");
    const row = await getEditableTranscript(c.var.db, c.var.user.id, id);
    const outcome = await updateFields(c.env.DB, row, c.req.valid("json").transcript);
    if (outcome) notifyChanged(c, id, outcome);
    const fresh = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return c.json({ data: toTranscriptDto(fresh, await listSpeakers(c.var.db, fresh.id)) }, 200);
  })
  .post("/:id/speakers", validate("json", speakerCreateSchema), async (c) => {
    const id = c.req.param("id");
    const row = await getEditableTranscript(c.var.db, c.var.user.id, id);
    const input = c.req.valid("json").speaker;
    const { outcome, speaker } = await createSpeaker(c.env.DB, c.var.db, row, { name: input?.name, role: input?.role ?? null });
    notifyChanged(c, id, outcome);
    return c.json({ data: speaker }, 201);
  })
  .put("/:id/speakers/:speakerId", validate("json", speakerUpdateSchema), async (c) => {
    const { id, speakerId } = c.req.param();
    const row = await getEditableTranscript(c.var.db, c.var.user.id, id);
    const outcome = await updateSpeaker(c.env.DB, row, speakerId, c.req.valid("json").speaker);
    if (outcome) notifyChanged(c, id, outcome);
    const speaker = (await listSpeakers(c.var.db, row.id)).find((s) => s.id === speakerId)!;
    return c.json({ data: speaker }, 200);
  })
  .delete("/:id/speakers/:speakerId", async (c) => {
    const { id, speakerId } = c.req.param();
    const row = await getEditableTranscript(c.var.db, c.var.user.id, id);
    const { outcome, label } = await deleteSpeaker(c.env.DB, row, speakerId);
    notifyChanged(c, id, outcome);
    return c.json({ data: { id: speakerId, label } }, 200);
  });
