// The one admission of a new file, whichever way it comes (an upload link, an upload in parts, a
// confirmed upload, a recording, a link import): where it goes, that the caller may add files
// there, that the transcription service takes it, and that the workspace has room.
import type { Config } from "../config";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import { LIBRARY_MESSAGES } from "../../common/library";
import { WORKSPACE_MESSAGES } from "../../common/workspaces";
import { serviceConfiguration } from "../transcription/configuration";
import { folderWorkspaceOf, workspaceFor } from "../workspaces/access";
import { assertUploadQuota } from "./quotas";
import { assertUploadAllowed } from "./uploads";

export interface Destination {
  folder_id?: string | null;
  workspace_id?: string | null;
}

/**
 * The workspace a new file goes in: a given folder's (which must be the workspace named, if one
 * is), else the one named, else the caller's personal one; 404 unless the caller may edit there.
 * A folder not found is refused here when `missingFolder` is "refuse"; "later" leaves it to the
 * step that files it (a confirmed upload removes its bytes then).
 */
export async function destinationOf(db: Db, userId: string, to: Destination, missingFolder: "refuse" | "later"): Promise<string> {
  const folderWorkspace = to.folder_id ? await folderWorkspaceOf(db, userId, to.folder_id) : undefined;
  if (to.folder_id && !folderWorkspace && missingFolder === "refuse") throw notFound(LIBRARY_MESSAGES.folderNotFound);
  if (folderWorkspace && to.workspace_id && folderWorkspace !== to.workspace_id)
    throw badRequest(WORKSPACE_MESSAGES.folderInOtherWorkspace);
  return workspaceFor(db, userId, folderWorkspace ?? to.workspace_id ?? undefined, "edit");
}

/**
 * Before anything is sent: the service takes the file, and then the destination has room for one
 * more file and transcription (a courtesy read; the file's own claim is what keeps the limits).
 * Answers the destination's workspace.
 */
export async function admitNewFile(
  db: Db,
  config: Config,
  userId: string,
  to: Destination,
  file: { filename: string; content_type: string; file_size: number },
): Promise<string> {
  assertUploadAllowed(serviceConfiguration(config), file);
  const workspaceId = await destinationOf(db, userId, to, "refuse");
  await assertUploadQuota(db, config, workspaceId);
  return workspaceId;
}
