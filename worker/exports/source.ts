import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { audioFiles, transcripts, type ExportRow, workspaceMembers } from "../db/schema";
import { readComments, readTranscript, readUtterances } from "../transcripts/store";
import { readChapters } from "../chapters/stored-chapters";
import { memberOf } from "../workspaces/access";
import { readTranslation } from "../translations/store";
import { buildExportDocument, type ExportDocument } from "./document";
import { translatedDocument } from "./translated";

/**
 * The transcript of an export's file as it stands now (with its comment threads when asked for:
 * every member may read them), or null when the file or its transcript is gone, or the one who
 * asked for it is no longer a member of the file's workspace.
 */
export async function loadExportDocument(
  env: Env,
  db: Db,
  row: Pick<ExportRow, "audioFileId" | "userId" | "language">,
  { comments }: { comments: boolean },
): Promise<ExportDocument | null> {
  return loadDocument(env, db, row.audioFileId, row.userId, comments, row.language);
}

/** The same for a share link: its file, whoever made the link, and never its comments (they are the team's). */
export const loadSharedDocument = (env: Env, db: Db, audioFileId: string) => loadDocument(env, db, audioFileId, null, false);

async function loadDocument(
  env: Env,
  db: Db,
  audioFileId: string,
  memberId: string | null,
  withComments: boolean,
  language: string | null = null,
): Promise<ExportDocument | null> {
  const member = memberId === null ? undefined : memberOf(audioFiles.workspaceId, memberId);
  const [found, transcript] = await Promise.all([
    member
      ? db.select({ file: audioFiles }).from(audioFiles).innerJoin(workspaceMembers, member).where(eq(audioFiles.id, audioFileId)).get()
      : db.select({ file: audioFiles }).from(audioFiles).where(eq(audioFiles.id, audioFileId)).get(),
    db.select().from(transcripts).where(eq(transcripts.audioFileId, audioFileId)).get(),
  ]);
  if (!found || !transcript) return null;
  const { file } = found;
  const [dto, utterances, comments, chapters] = await Promise.all([
    readTranscript(env, audioFileId),
    readUtterances(env, audioFileId),
    withComments ? readComments(env, audioFileId) : [],
    readChapters(env, audioFileId),
  ]);
  const doc = buildExportDocument(file, dto, dto.speakers, utterances, comments, chapters.data);
  if (!language) return doc;
  // A translation gone since the request (asked for again and failed, or the file re-transcribed): not ready.
  const translation = await readTranslation(env, { fileId: audioFileId, language }).catch(() => null);
  if (translation?.status !== "completed") return null;
  const ids = utterances.filter((u) => u.transcriptWords.length > 0).map((u) => u.id);
  return translatedDocument(doc, ids, translation);
}
