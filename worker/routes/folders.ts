import { Hono } from "hono";
import { folderBodySchema, folderCreateSchema, folderListQuerySchema } from "../../common/library";
import { requireAuth } from "../auth/middleware";
import { createFolder, deleteFolder, listFolders, renameFolder, toFolderDto } from "../library/folders";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { tellLibraryChanged } from "../live/library-changed";
import { folderFor, workspaceFor } from "../workspaces/access";
import * as z from "zod";
import { folderDtoSchema } from "../../common/response-schemas";
import { dataOf, listOf, routeDocs } from "../lib/openapi";

const doc = routeDocs("Folders");

/** A workspace's folders (the personal one without `workspace_id`); editors organise them. */
export const folderRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    doc({ summary: "List a workspace's folders", response: listOf(folderDtoSchema), errors: [404] }),
    validate("query", folderListQuerySchema),
    async (c) => {
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, c.req.valid("query").workspace_id, "read");
      return c.json({ data: (await listFolders(c.var.db, workspaceId)).map(toFolderDto) }, 200);
    },
  )
  .post(
    "/",
    doc({ summary: "Create a folder", status: 201, response: dataOf(folderDtoSchema), errors: [404, 409] }),
    validate("json", folderCreateSchema),
    async (c) => {
      const { folder, workspace_id } = c.req.valid("json");
      const workspaceId = await workspaceFor(c.var.db, c.var.user.id, workspace_id, "edit");
      const row = await createFolder(c.var.db, c.var.config, workspaceId, folder.name);
      tellLibraryChanged(c, workspaceId);
      return c.json({ data: toFolderDto(row) }, 201);
    },
  )
  .put(
    "/:id",
    doc({ summary: "Rename a folder", response: dataOf(folderDtoSchema), errors: [404, 409] }),
    validate("json", folderBodySchema),
    async (c) => {
      const folder = await folderFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      const row = await renameFolder(c.var.db, folder.workspaceId, folder.id, c.req.valid("json").folder.name);
      tellLibraryChanged(c, folder.workspaceId);
      return c.json({ data: toFolderDto(row) }, 200);
    },
  )
  .delete(
    "/:id",
    doc({
      summary: "Delete a folder and its files",
      response: z.object({ message: z.string(), deleted_files: z.number().int() }),
      errors: [404],
    }),
    async (c) => {
      const folder = await folderFor(c.var.db, c.var.user.id, c.req.param("id"), "edit");
      const result = await deleteFolder(c.env, c.var.db, folder.workspaceId, folder.id);
      tellLibraryChanged(c, folder.workspaceId);
      return c.json({ message: "Folder deleted", deleted_files: result.deletedFiles }, 200);
    },
  );
