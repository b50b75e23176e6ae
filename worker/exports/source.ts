import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { audioFiles, transcripts, type ExportRow, workspaceMembers } from "../db/schema";
import { readTranscript, readUtterances } from "../transcripts/store";
import { memberOf } from "../workspaces/access";
import { buildExportDocument, type ExportDocument } from "./document";

/**
 * The transcript of an export's file as it stands now, or null when the file or its transcript is
 * gone, or the one who asked for it is no longer a member of the file's workspace.
 */
export async function loadExportDocument(env: Env, db: Db, row: Pick<ExportRow, "audioFileId" | "userId">): Promise<ExportDocument | null> {
  return loadDocument(env, db, row.audioFileId, row.userId);
}

/** The same for a share link: its file, whoever made the link. */
export const loadSharedDocument = (env: Env, db: Db, audioFileId: string) => loadDocument(env, db, audioFileId, null);

async function loadDocument(env: Env, db: Db, audioFileId: string, memberId: string | null): Promise<ExportDocument | null> {
  const member = memberId === null ? undefined : memberOf(audioFiles.workspaceId, memberId);
  const [found, transcript] = await Promise.all([
    member
      ? db.select({ file: audioFiles }).from(audioFiles).innerJoin(workspaceMembers, member).where(eq(audioFiles.id, audioFileId)).get()
      : db.select({ file: audioFiles }).from(audioFiles).where(eq(audioFiles.id, audioFileId)).get(),
    db.select().from(transcripts).where(eq(transcripts.audioFileId, audioFileId)).get(),
  ]);
  if (!found || !transcript) return null;
  const { file } = found;
  const [dto, utterances] = await Promise.all([
    readTranscript(env, file.storeId, audioFileId),
    readUtterances(env, file.storeId, audioFileId),
  ]);
  return buildExportDocument(file, dto, dto.speakers, utterances);
}
