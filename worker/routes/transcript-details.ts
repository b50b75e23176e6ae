import { Hono } from "hono";
import { speakerCreateSchema, speakerUpdateSchema, transcriptFieldsSchema } from "../../common/transcript-details";
import { validate } from "../lib/validate";
import { getOwnedTranscript } from "../transcripts/read";
import { addSpeaker, changeFields, changeSpeaker, readTranscript, removeSpeaker } from "../transcripts/store";
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
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    const outcome = await changeFields(c.env, row, c.req.valid("json").transcript);
    if (outcome) notifyChanged(c, id, outcome);
    const fresh = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    return c.json({ data: await readTranscript(c.env, c.var.db, fresh) }, 200);
  })
  .post("/:id/speakers", validate("json", speakerCreateSchema), async (c) => {
    const id = c.req.param("id");
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    const input = c.req.valid("json").speaker;
    const { outcome, speaker } = await addSpeaker(c.env, c.var.db, row, { name: input?.name, role: input?.role ?? null });
    notifyChanged(c, id, outcome);
    return c.json({ data: speaker }, 201);
  })
  .put("/:id/speakers/:speakerId", validate("json", speakerUpdateSchema), async (c) => {
    const { id, speakerId } = c.req.param();
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    const { outcome, speaker } = await changeSpeaker(c.env, c.var.db, row, speakerId, c.req.valid("json").speaker);
    if (outcome) notifyChanged(c, id, outcome);
    return c.json({ data: speaker }, 200);
  })
  .delete("/:id/speakers/:speakerId", async (c) => {
    const { id, speakerId } = c.req.param();
    const row = await getOwnedTranscript(c.var.db, c.var.user.id, id);
    const { outcome, label } = await removeSpeaker(c.env, row, speakerId);
    notifyChanged(c, id, outcome);
    return c.json({ data: { id: speakerId, label } }, 200);
  });
