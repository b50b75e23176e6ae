import { and, asc, eq, sql } from "drizzle-orm";
import { LIBRARY_MESSAGES, type FolderDto } from "../../common/library";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { insertWhere } from "../db/insert-where";
import { audioFiles, folders, type FolderRow } from "../db/schema";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { nowIso } from "../../common/time";
import { deleteAudioFiles } from "./audio-files";
import { folderCheck } from "./quotas";

export const toFolderDto = (row: FolderRow): FolderDto => ({
  id: row.id,
  workspaceId: row.workspaceId,
  name: row.name,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listFolders(db: Db, workspaceId: string): Promise<FolderRow[]> {
  return db
    .select()
    .from(folders)
    .where(eq(folders.workspaceId, workspaceId))
    .orderBy(sql`${folders.name} COLLATE NOCASE`, asc(folders.createdAt))
    .all();
}

async function getFolderIn(db: Db, workspaceId: string, id: string): Promise<FolderRow> {
  const row = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.workspaceId, workspaceId)))
    .get();
  if (!row) throw notFound(LIBRARY_MESSAGES.folderNotFound);
  return row;
}

async function assertNameFree(db: Db, workspaceId: string, name: string, exceptId?: string): Promise<void> {
  // "Common" is the virtual folder of files without one.
  if (name.toLowerCase() === "common") throw unprocessable(LIBRARY_MESSAGES.folderNameReserved);
  const clash = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), sql`${folders.name} = ${name} COLLATE NOCASE`))
    .get();
  if (clash && clash.id !== exceptId) throw conflict(LIBRARY_MESSAGES.folderNameTaken);
}

/** The unique index is the final judge when two requests race. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw conflict(LIBRARY_MESSAGES.folderNameTaken);
    throw error;
  }
}

/** A new folder, only while the workspace has room for one more (in the insert's own statement: 403 past it). */
export async function createFolder(db: Db, config: Config, workspaceId: string, name: string): Promise<FolderRow> {
  await assertNameFree(db, workspaceId, name);
  const now = nowIso();
  const row: FolderRow = { id: crypto.randomUUID(), workspaceId, name, createdAt: now, updatedAt: now };
  const check = folderCheck(config, workspaceId);
  const inserted = await guardUnique(() => insertWhere(db, folders, row, check.room));
  if (!inserted.meta.changes) throw check.refusal;
  return row;
}

export async function renameFolder(db: Db, workspaceId: string, id: string, name: string): Promise<FolderRow> {
  await getFolderIn(db, workspaceId, id);
  await assertNameFree(db, workspaceId, name, id);
  const row = await guardUnique(() =>
    db
      .update(folders)
      .set({ name, updatedAt: nowIso() })
      .where(and(eq(folders.id, id), eq(folders.workspaceId, workspaceId)))
      .returning()
      .get(),
  );
  if (!row) throw notFound(LIBRARY_MESSAGES.folderNotFound);
  return row;
}

/**
 * Deletes the folder and every file in it, stored objects included. A file added while they
 * are being deleted is taken out of the folder in the same transaction that removes the
 * folder, then deleted like the others: never removed from D1 by the cascade with its stored
 * media left behind. A confirm that comes later finds no folder (uploads.ts).
 */
export async function deleteFolder(env: Env, db: Db, workspaceId: string, id: string): Promise<{ deletedFiles: number }> {
  await getFolderIn(db, workspaceId, id);
  const inFolder = and(eq(audioFiles.workspaceId, workspaceId), eq(audioFiles.folderId, id));
  const files = await db.select().from(audioFiles).where(inFolder).all();
  await deleteAudioFiles(env, db, files);
  const [latecomers] = await db.batch([
    db.update(audioFiles).set({ folderId: null }).where(inFolder).returning(),
    db.delete(folders).where(and(eq(folders.id, id), eq(folders.workspaceId, workspaceId))),
  ]);
  await deleteAudioFiles(env, db, latecomers);
  return { deletedFiles: files.length + latecomers.length };
}
