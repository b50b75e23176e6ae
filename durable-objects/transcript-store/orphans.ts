// The orphan sweep (decision 023, rule 6): nothing in D1 cascades into a transcript room, so a
// transcript whose file left D1 without its room being purged (a file added to a folder while the
// folder was deleted, a purge that failed) would stay forever. The room asks D1, now and then,
// whether its file is still there, and purges itself when it is not.

/** How often a room that holds a transcript checks it. */
export const ORPHAN_SWEEP_INTERVAL_MS = 24 * 3600 * 1000;
/** A transcript written this recently is left alone: D1's rows follow the room's write. */
export const ORPHAN_GRACE_MS = 3600 * 1000;

export const holdsTranscript = (sql: SqlStorage) => sql.exec("SELECT 1 FROM transcripts LIMIT 1").toArray().length > 0;

/** Whether the room's file (its name) is gone from D1 and its transcript was written before the grace. */
export async function fileGone(d1: D1Database, fileId: string, sql: SqlStorage): Promise<boolean> {
  const before = new Date(Date.now() - ORPHAN_GRACE_MS).toISOString();
  const old = sql.exec("SELECT 1 FROM transcripts WHERE coalesce(stored_at, '') < ?", before).toArray().length > 0;
  if (!old) return false;
  return !(await d1.prepare("SELECT 1 FROM audio_files WHERE id = ?").bind(fileId).first());
}
