// What the folder and file dialogs do, as plain functions: the API call, the
// cache update, the selection change and the spec's toasts (section 8). The
// dialogs only collect input and call these.
import type { QueryClient } from "@tanstack/react-query";
import { REVIEW_LABELS, type ReviewStatus } from "../../../common/comments";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { describeError } from "../api/errors";
import type { WorkspaceDto } from "../../../common/workspaces";
import {
  dropFilesFromCache,
  dropFolderFromCache,
  fileApi,
  folderApi,
  putFileInCache,
  putFilesInCache,
  putFolderInCache,
} from "../api/library";
import { countLabel } from "../lib/file-list-view";
import { folderName } from "../lib/library";
import { toast } from "../lib/toasts";

export interface LibraryContext {
  client: QueryClient;
  /** The workspace shown: new folders go there. */
  workspaceId: string;
  fileId: string | null;
  folderId: string | null;
  selectFolder(id: string): void;
  /** Opens a file in the workspace it is in now. */
  followFile(file: AudioFileDto): void;
  clearSelection(): void;
}

/** Errors of create and rename go back to the dialog, which shows them by the field. */
export async function createFolder(ctx: LibraryContext, name: string): Promise<void> {
  const folder = await folderApi.create(name, ctx.workspaceId);
  putFolderInCache(ctx.client, folder);
  ctx.selectFolder(folder.id);
}

export async function renameFolder(ctx: LibraryContext, folder: FolderDto, name: string): Promise<void> {
  putFolderInCache(ctx.client, await folderApi.rename(folder.id, name));
}

export async function renameFile(ctx: LibraryContext, file: AudioFileDto, name: string): Promise<void> {
  putFileInCache(ctx.client, await fileApi.rename(file.id, name));
}

/** The file as answered goes into its list (the header and the list follow); a refusal is a toast. */
export async function setReviewStatus(client: QueryClient, file: AudioFileDto, status: ReviewStatus): Promise<void> {
  try {
    putFileInCache(client, await fileApi.setReviewStatus(file.id, status));
    toast(`${file.name}: ${REVIEW_LABELS[status]}`, "success");
  } catch (error) {
    toast(`Failed to change the review status: ${describeError(error)}`, "error");
  }
}

export async function deleteFolder(ctx: LibraryContext, folder: FolderDto, files: readonly AudioFileDto[]): Promise<void> {
  try {
    await folderApi.remove(folder.id);
    dropFolderFromCache(ctx.client, folder);
    dropFilesFromCache(ctx.client, (f) => f.folderId === folder.id);
    if (ctx.folderId === folder.id || files.some((f) => f.id === ctx.fileId && f.folderId === folder.id)) ctx.clearSelection();
    toast(`Deleted folder ${folder.name}`, "success");
  } catch (error) {
    toast(`Failed to delete folder: ${describeError(error)}`, "error");
  }
}

export async function moveFile(
  ctx: LibraryContext,
  file: AudioFileDto,
  target: string | null,
  folders: readonly FolderDto[],
): Promise<void> {
  try {
    putFileInCache(ctx.client, await fileApi.move(file.id, target));
    toast(`Moved ${file.name} to ${folderName(folders as FolderDto[], target)}`, "success");
  } catch (error) {
    toast(`Failed to move file: ${describeError(error)}`, "error");
  }
}

/**
 * Into another workspace (outside its folders): the file leaves this workspace's list; an open
 * file stays open, and the sidebar follows it to its new workspace.
 */
export async function moveToWorkspace(ctx: LibraryContext, file: AudioFileDto, target: WorkspaceDto, targetName: string): Promise<void> {
  try {
    const moved = await fileApi.moveToWorkspace(file.id, target.id);
    dropFilesFromCache(ctx.client, (f) => f.id === file.id);
    putFileInCache(ctx.client, moved, true);
    if (ctx.fileId === file.id) ctx.followFile(moved);
    toast(`Moved ${file.name} to ${targetName}`, "success");
  } catch (error) {
    toast(`Failed to move file: ${describeError(error)}`, "error");
  }
}

export async function deleteFile(ctx: LibraryContext, file: AudioFileDto): Promise<void> {
  try {
    await fileApi.remove(file.id);
    dropFilesFromCache(ctx.client, (f) => f.id === file.id);
    if (ctx.fileId === file.id) ctx.clearSelection();
    toast(`Deleted ${file.name}`, "success");
  } catch (error) {
    toast(`Failed to delete file: ${describeError(error)}`, "error");
  }
}

/** Stops a running transcription: the file stays, failed with "Cancelled", ready to transcribe again. */
export async function cancelTranscription(ctx: LibraryContext, file: AudioFileDto): Promise<void> {
  try {
    putFileInCache(ctx.client, await fileApi.cancelTranscription(file.id));
    toast(`Cancelled the transcription of ${file.name}`, "success");
  } catch (error) {
    toast(`The transcription could not be cancelled: ${describeError(error)}`, "error");
  }
}

/** Many files to one folder in one request, with one toast. */
export async function moveFiles(
  ctx: LibraryContext,
  files: readonly AudioFileDto[],
  target: string | null,
  folders: readonly FolderDto[],
): Promise<void> {
  try {
    const moved = await fileApi.bulkMove(
      files.map((f) => f.id),
      target,
      ctx.workspaceId,
    );
    putFilesInCache(ctx.client, moved);
    toast(`Moved ${countLabel(moved.length)} to ${folderName(folders as FolderDto[], target)}`, "success");
  } catch (error) {
    toast(`Failed to move files: ${describeError(error)}`, "error");
  }
}

/** Many files and their stored media in one request, with one toast. */
export async function deleteFiles(ctx: LibraryContext, files: readonly AudioFileDto[]): Promise<void> {
  try {
    const { deleted_ids } = await fileApi.bulkDelete(
      files.map((f) => f.id),
      ctx.workspaceId,
    );
    // Files another tab already deleted are gone too: drop every one asked for.
    const gone = new Set(files.map((f) => f.id));
    dropFilesFromCache(ctx.client, (f) => gone.has(f.id));
    if (ctx.fileId && gone.has(ctx.fileId)) ctx.clearSelection();
    toast(`Deleted ${countLabel(deleted_ids.length)}`, "success");
  } catch (error) {
    toast(`Failed to delete files: ${describeError(error)}`, "error");
  }
}
