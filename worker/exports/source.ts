import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { audioFiles, transcripts, type ExportRow } from "../db/schema";
import { readTranscript, readUtterances } from "../transcripts/store";
import { buildExportDocument, type ExportDocument } from "./document";

/** The transcript of an export's file as it stands now, or null when the file or its transcript is gone. */
export async function loadExportDocument(env: Env, db: Db, row: Pick<ExportRow, "audioFileId" | "userId">): Promise<ExportDocument | null> {
  const [file, transcript] = await Promise.all([
    db.select().from(audioFiles).where(eq(audioFiles.id, row.audioFileId)).get(),
    db.select().from(transcripts).where(eq(transcripts.audioFileId, row.audioFileId)).get(),
  ]);
  if (!file || !transcript || file.userId !== row.userId || transcript.userId !== row.userId) return null;
  const [dto, utterances] = await Promise.all([
    readTranscript(env, row.userId, row.audioFileId),
    readUtterances(env, row.userId, row.audioFileId),
  ]);
  return buildExportDocument(file, dto, dto.speakers, utterances);
}
