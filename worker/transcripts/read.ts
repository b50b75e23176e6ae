import { and, eq } from "drizzle-orm";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { Db } from "../db/client";
import { transcripts, type TranscriptRow } from "../db/schema";
import { notFound } from "../lib/errors";

/**
 * D1's header of the caller's transcript of an audio file, or 404 (also for other users' files).
 * Only for routes that need D1 anyway (exports); the owner's store answers 404 itself.
 */
export async function getOwnedTranscript(db: Db, userId: string, audioFileId: string): Promise<TranscriptRow> {
  const row = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.audioFileId, audioFileId), eq(transcripts.userId, userId)))
    .get();
  if (!row) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  return row;
}
