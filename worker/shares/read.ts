// What a share secret opens: one file's name, duration and transcript as it is
// now, and only the parts its maker included. Every read here is keyed by the
// link's own file, never by anything the visitor sends.
import { eq } from "drizzle-orm";
import type { SharedTranscriptDto } from "../../common/shares";
import type { Db } from "../db/client";
import { audioFiles, transcripts, users, type ShareRow } from "../db/schema";
import { readTranscript } from "../transcripts/store";

export async function sharedTranscript(env: Env, db: Db, share: ShareRow): Promise<SharedTranscriptDto | null> {
  const [file, transcript, owner] = await Promise.all([
    db
      .select({ name: audioFiles.name, durationSeconds: audioFiles.durationSeconds })
      .from(audioFiles)
      .where(eq(audioFiles.id, share.audioFileId))
      .get(),
    sharedTranscriptRow(db, share),
    share.showOwnerName ? db.select({ fullName: users.fullName }).from(users).where(eq(users.id, share.userId)).get() : undefined,
  ]);
  if (!file) return null;
  const content = transcript ? await readTranscript(env, share.audioFileId) : null;
  return {
    name: file.name,
    duration: file.durationSeconds ?? content?.duration ?? null,
    owner_name: owner?.fullName ?? null,
    include_media: share.includeMedia,
    include_summary: share.includeSummary,
    include_notes: share.includeNotes,
    expires_at: share.expiresAt,
    transcript: content
      ? {
          // Current names and roles only: no original labels or statistics beyond what the page shows.
          speakers: content.speakers.map((s) => ({ id: s.id, displayName: s.displayName, role: s.role })),
          wordCount: content.wordCount,
          summary: share.includeSummary ? content.summary : null,
          notes: share.includeNotes ? content.notes : null,
        }
      : null,
  };
}

/** The link's file's transcript header, or undefined without one. */
export function sharedTranscriptRow(db: Db, share: ShareRow) {
  return db
    .select({ id: transcripts.id })
    .from(transcripts)
    .innerJoin(audioFiles, eq(audioFiles.id, transcripts.audioFileId))
    .where(eq(transcripts.audioFileId, share.audioFileId))
    .get();
}
