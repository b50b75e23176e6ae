import { Hono } from "hono";
import { folderBodySchema } from "../../common/library";
import { requireAuth } from "../auth/middleware";
import { createFolder, deleteFolder, listFolders, renameFolder, toFolderDto } from "../library/folders";
import { assertFolderQuota } from "../library/quotas";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";

export const folderRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json({ data: (await listFolders(c.var.db, c.var.user.id)).map(toFolderDto) }, 200))
  .post("/", validate("json", folderBodySchema), async (c) => {
    await assertFolderQuota(c.var.db, c.var.config, c.var.user.id);
    const row = await createFolder(c.var.db, c.var.user.id, c.req.valid("json").folder.name);
    return c.json({ data: toFolderDto(row) }, 201);
  })
  .put("/:id", validate("json", folderBodySchema), async (c) => {
    const row = await renameFolder(c.var.db, c.var.user.id, c.req.param("id"), c.req.valid("json").folder.name);
    return c.json({ data: toFolderDto(row) }, 200);
  })
  .delete("/:id", async (c) => {
    const result = await deleteFolder(c.env, c.var.db, c.var.user.id, c.req.param("id"));
    return c.json({ message: "Folder deleted", deleted_files: result.deletedFiles }, 200);
  });
