import { eq } from "drizzle-orm";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { Db } from "../db/client";
import { transcripts, type TranscriptRow } from "../db/schema";
import { notFound } from "../lib/errors";

/**
 * D1's header of an audio file's transcript, or 404. Only for routes that need D1 anyway
 * (exports), after the caller's access to the file was checked; the store answers 404 itself.
 */
export async function getTranscriptHeader(db: Db, audioFileId: string): Promise<TranscriptRow> {
  const row = await db.select().from(transcripts).where(eq(transcripts.audioFileId, audioFileId)).get();
  if (!row) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  return row;
}
