import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { audioFiles, transcripts, type ExportRow } from "../db/schema";
import { listSpeakers, listUtterances, toTranscriptDto } from "../transcripts/read";
import { buildExportDocument, type ExportDocument } from "./document";

/** The transcript of an export's file as it stands now, or null when the file or its transcript is gone. */
export async function loadExportDocument(db: Db, row: Pick<ExportRow, "audioFileId" | "userId">): Promise<ExportDocument | null> {
  const [file, transcript] = await Promise.all([
    db.select().from(audioFiles).where(eq(audioFiles.id, row.audioFileId)).get(),
    db.select().from(transcripts).where(eq(transcripts.audioFileId, row.audioFileId)).get(),
  ]);
  if (!file || !transcript || file.userId !== row.userId || transcript.userId !== row.userId) return null;
  const [speakers, utterances] = await Promise.all([listSpeakers(db, transcript.id), listUtterances(db, transcript.id)]);
  return buildExportDocument(file, toTranscriptDto(transcript, speakers), speakers, utterances);
}
