// Moving and deleting many files of one workspace in one request. Ids of other workspaces'
// files are skipped exactly like ids that do not exist, so nothing tells them apart.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { type AudioFileRow, audioFiles } from "../db/schema";
import { nowIso } from "../../common/time";
import { type AudioFileWithFlag, assertFolderIn, deleteAudioFiles, withTranscriptFlag } from "./audio-files";

// D1 allows 100 bound parameters per statement; the workspace id and the update's values take a few.
const CHUNK = 90;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function ownedRows(db: Db, workspaceId: string, ids: readonly string[]): Promise<AudioFileRow[]> {
  const rows: AudioFileRow[] = [];
  for (const part of chunks(ids)) {
    rows.push(
      ...(await db
        .select()
        .from(audioFiles)
        .where(and(eq(audioFiles.workspaceId, workspaceId), inArray(audioFiles.id, part)))
        .all()),
    );
  }
  return rows;
}

/** Deletes the workspace's files among `ids` with their stored media and exports; answers the ids deleted. */
export async function bulkDeleteAudioFiles(env: Env, db: Db, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await ownedRows(db, workspaceId, ids);
  if (rows.length > 0) await deleteAudioFiles(env, db, rows);
  return rows.map((r) => r.id);
}

/** Moves the workspace's files among `ids` to one of its folders (null = Common); answers the files as moved. */
export async function bulkMoveAudioFiles(
  db: Db,
  workspaceId: string,
  ids: readonly string[],
  folderId: string | null,
): Promise<AudioFileWithFlag[]> {
  if (folderId) await assertFolderIn(db, workspaceId, folderId);
  const updatedAt = nowIso();
  const moved: AudioFileWithFlag[] = [];
  for (const part of chunks(ids)) {
    const where = and(eq(audioFiles.workspaceId, workspaceId), inArray(audioFiles.id, part));
    await db.update(audioFiles).set({ folderId, updatedAt }).where(where);
    moved.push(...(await db.select(withTranscriptFlag).from(audioFiles).where(where).all()));
  }
  return moved;
}
