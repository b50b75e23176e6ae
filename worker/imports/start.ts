// The start of a link import: a file in the workspace, processing, named after the link, with
// nothing stored yet; the import job (job.ts) fetches it.
import { eq } from "drizzle-orm";
import { cleanFileName } from "../../common/file-names";
import { IMPORT_MESSAGES } from "../../common/imports";
import { LIBRARY_MESSAGES } from "../../common/library";
import type { TranscriptionOptions } from "../../common/transcription-options";
import { mediaTypeFor } from "../../common/upload-rules";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { type AudioFileRow, audioFiles } from "../db/schema";
import { notFound } from "../lib/errors";
import { hasFolder, type AudioFileWithFlag } from "../library/audio-files";
import { notifyFileStatus, restartProcessing } from "../library/file-status";
import { claimNewFile } from "../library/quotas";
import { newFileRow, newStorageKey } from "../library/uploads";
import { enqueueImport } from "./job";

/**
 * The link's last path segment as a file name, cleaned to the rule an upload's name follows
 * ("recording" when nothing is left): a link cannot be asked for a better name, so what an upload
 * would refuse is dropped rather than failing the import.
 */
export function nameFromLink(url: string): string {
  const segment = new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "";
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  return cleanFileName(name, "recording");
}

export async function importFromLink(
  env: Env,
  db: Db,
  config: Config,
  input: { userId: string; workspaceId: string; url: string; folderId: string | null; options: TranscriptionOptions },
): Promise<AudioFileWithFlag> {
  if (input.folderId && !(await hasFolder(db, input.workspaceId, input.folderId))) throw notFound(LIBRARY_MESSAGES.folderNotFound);
  const name = nameFromLink(input.url);
  const row = {
    ...newFileRow({
      workspaceId: input.workspaceId,
      uploadedBy: input.userId,
      folderId: input.folderId,
      name,
      storageKey: newStorageKey(input.userId, name),
      contentType: mediaTypeFor(name, ""),
      fileSize: 0,
      durationSeconds: null,
      options: input.options,
    }),
    importUrl: input.url,
  };
  // Room for one more file and a transcription this hour, claimed with the file; its bytes are
  // held by the import job before they stream in.
  await claimNewFile(db, config, row);
  await enqueueImport(env, { type: "import", audio_file_id: row.id, user_id: input.userId, url: input.url });
  await notifyFileStatus(env, db, row, false, IMPORT_MESSAGES.fetching);
  return { ...row, hasTranscript: false, reviewerName: null };
}

/** Whether a file is an import that never got its bytes: Retry fetches its link again. */
export const isUnfetchedImport = (file: AudioFileRow): file is AudioFileRow & { importUrl: string } =>
  file.fileSize === 0 && !!file.importUrl;

/** A failed import tried again: processing, its download from the start. */
export async function retryImport(env: Env, db: Db, file: AudioFileRow & { importUrl: string }): Promise<AudioFileRow> {
  await db.update(audioFiles).set({ importReceivedBytes: null, importTotalBytes: null }).where(eq(audioFiles.id, file.id));
  const updated = await restartProcessing(env, db, { ...file, importReceivedBytes: null, importTotalBytes: null }, false);
  await enqueueImport(env, { type: "import", audio_file_id: file.id, user_id: file.uploadedBy ?? file.workspaceId, url: file.importUrl });
  return updated;
}
