import { Hono } from "hono";
import { shareCreateSchema, shareUpdateSchema } from "../../common/share-schemas";
import { sharedPagePath } from "../../common/shares";
import { requireAuth } from "../auth/middleware";
import { SHARE_MESSAGES } from "../../common/shares";
import { fileFor } from "../workspaces/access";
import { validate } from "../lib/validate";
import { createShare, deleteShare, getShare, listShares, toShareDto, updateShare } from "../shares/store";
import type { AppEnv } from "../types";
import type { Db } from "../db/client";
import { type AudioFileRow, type UserRow, workspaceActivity } from "../db/schema";
import { activityRow } from "../workspaces/activity";
import { shareDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, messageSchema, routeDocs } from "../lib/openapi";

const doc = routeDocs("Share links");

/** Links made and revoked go in the file's workspace log. */
const logShare = (db: Db, actor: UserRow, file: AudioFileRow, kind: "share_created" | "share_revoked", shareId: string) =>
  db
    .insert(workspaceActivity)
    .values(activityRow(file.workspaceId, actor, kind, { file_id: file.id, file_name: file.name, share_id: shareId }));

/**
 * The links of one file: `/audio_files/{id}/shares`. Editors of the file's workspace make and
 * manage them, every member sees them; a stranger's file is 404.
 */
export const fileShareRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/:id/shares",
    doc({
      summary: "Create a share link for an audio file",
      description: "The answer is the only one with the link's `url`: its secret is stored as a hash.",
      status: 201,
      response: dataOf(shareDtoSchema),
      errors: [404, 409],
    }),
    validate("json", shareCreateSchema),
    async (c) => {
      const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      const { row, secret } = await createShare(c.var.db, c.var.config, c.var.user.id, file.id, c.req.valid("json"));
      await logShare(c.var.db, c.var.user, file, "share_created", row.id);
      // The only answer that carries the secret: it is stored as a hash.
      return c.json({ data: toShareDto(row, `${c.var.config.APP_URL}${sharedPagePath(secret)}`) }, 201);
    },
  )
  .get("/:id/shares", doc({ summary: "List an audio file's share links", response: listOf(shareDtoSchema), errors: [404] }), async (c) => {
    const file = await fileFor(c.var.db, c.var.user.id, c.req.param("id"), "read");
    const rows = await listShares(c.var.db, file.id);
    return c.json({ data: rows.map((row) => toShareDto(row)) }, 200);
  });

/** One link by its id: change its options or expiry, or revoke it (editors of its file's workspace). A stranger's link is 404. */
export const shareRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .patch(
    "/:id",
    doc({ summary: "Change a share link", response: dataOf(shareDtoSchema), errors: [404] }),
    validate("json", shareUpdateSchema),
    async (c) => {
      const share = await getShare(c.var.db, c.req.param("id"));
      await fileFor(c.var.db, c.var.user.id, share.audioFileId, "edit", SHARE_MESSAGES.notFound);
      const row = await updateShare(c.var.db, share.id, c.req.valid("json"));
      return c.json({ data: toShareDto(row) }, 200);
    },
  )
  .delete("/:id", doc({ summary: "Revoke a share link", response: messageSchema, errors: [404] }), async (c) => {
    const share = await getShare(c.var.db, c.req.param("id"));
    const file = await fileFor(c.var.db, c.var.user.id, share.audioFileId, "edit", SHARE_MESSAGES.notFound);
    await deleteShare(c.var.db, share.id);
    await logShare(c.var.db, c.var.user, file, "share_revoked", share.id);
    return c.json({ message: "Share link revoked" }, 200);
  });
