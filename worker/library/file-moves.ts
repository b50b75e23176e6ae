// Changes to one file that a workspace's log records: a move into another workspace (logged in
// both) and a delete. The role checks are the caller's (worker/workspaces/access.ts).
import type { Config } from "../config";
import type { Db } from "../db/client";
import { type UserRow, workspaceActivity } from "../db/schema";
import { activityRow } from "../workspaces/activity";
import { workspaceFor } from "../workspaces/access";
import { type AudioFileWithFlag, deleteAudioFiles, updateAudioFile } from "./audio-files";
import { movedInChecks } from "./quotas";

type Actor = Pick<UserRow, "id" | "fullName">;

/**
 * Renames a file, moves it to a folder, or moves it into another workspace where the actor may
 * edit and which has room for it. Its transcript room is the file's own, so history, undo,
 * comments and the live room come along whole; the route then tells the room (moveTranscript),
 * which moves the file's texts from one workspace's index to the other's.
 */
export async function moveOrUpdateFile(
  db: Db,
  config: Config,
  actor: Actor,
  file: AudioFileWithFlag,
  changes: { name?: string | undefined; folderId?: string | null | undefined; workspaceId?: string | undefined },
): Promise<AudioFileWithFlag> {
  const target = changes.workspaceId === undefined ? file.workspaceId : await workspaceFor(db, actor.id, changes.workspaceId, "edit");
  if (target === file.workspaceId) return updateAudioFile(db, file, { name: changes.name, folderId: changes.folderId });
  // Room there for one more file and its bytes, decided in the move's own statement.
  const moved = await updateAudioFile(db, file, { ...changes, workspaceId: target }, movedInChecks(config, target, file.fileSize));
  const detail = { file_id: file.id, file_name: moved.name, from: file.workspaceId, to: target };
  await db
    .insert(workspaceActivity)
    .values([activityRow(file.workspaceId, actor, "file_moved_out", detail), activityRow(target, actor, "file_moved_in", detail)]);
  return moved;
}

/** Deletes one file with its media, transcript and exports, and logs it. */
export async function deleteFileLogged(env: Env, db: Db, actor: Actor, file: AudioFileWithFlag): Promise<void> {
  await deleteAudioFiles(env, db, [file]);
  await db
    .insert(workspaceActivity)
    .values(activityRow(file.workspaceId, actor, "file_deleted", { file_id: file.id, file_name: file.name }));
}
