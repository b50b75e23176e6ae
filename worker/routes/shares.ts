import { Hono } from "hono";
import { shareCreateSchema, shareUpdateSchema } from "../../common/share-schemas";
import { sharedPagePath } from "../../common/shares";
import { requireAuth } from "../auth/middleware";
import { getOwnedAudioFile } from "../library/audio-files";
import { validate } from "../lib/validate";
import { createShare, deleteShare, listShares, toShareDto, updateShare } from "../shares/store";
import type { AppEnv } from "../types";

/** The owner's links of one file: `/audio_files/{id}/shares`. Another user's file is 404. */
export const fileShareRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/:id/shares", validate("json", shareCreateSchema), async (c) => {
    const file = await getOwnedAudioFile(c.var.db, c.var.user.id, c.req.param("id"));
    const { row, secret } = await createShare(c.var.db, c.var.config, c.var.user.id, file.id, c.req.valid("json"));
    // The only answer that carries the secret: it is stored as a hash.
    return c.json({ data: toShareDto(row, `${c.var.config.APP_URL}${sharedPagePath(secret)}`) }, 201);
  })
  .get("/:id/shares", async (c) => {
    const file = await getOwnedAudioFile(c.var.db, c.var.user.id, c.req.param("id"));
    const rows = await listShares(c.var.db, c.var.user.id, file.id);
    return c.json({ data: rows.map((row) => toShareDto(row)) }, 200);
  });

/** One link by its id: change its options or expiry, or revoke it. Another user's link is 404. */
export const shareRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .patch("/:id", validate("json", shareUpdateSchema), async (c) => {
    const row = await updateShare(c.var.db, c.var.user.id, c.req.param("id"), c.req.valid("json"));
    return c.json({ data: toShareDto(row) }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteShare(c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ message: "Share link revoked" }, 200);
  });
