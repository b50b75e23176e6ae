// The orphan sweep (decision 023, rule 6): nothing in D1 cascades into a user's object, so a
// transcript whose file left D1 without its object's copy being purged (a file added to a folder
// while the folder was deleted, a purge that failed) would stay forever. The object asks D1,
// now and then, which of its transcripts D1 still points at, and purges the others.

/** How often a store that holds transcripts checks them. */
export const ORPHAN_SWEEP_INTERVAL_MS = 24 * 3600 * 1000;
/** A transcript written this recently is left alone: D1's header follows the object's write. */
export const ORPHAN_GRACE_MS = 3600 * 1000;

/** The files of transcripts written before `before` that are not in `known`. */
export function orphanFiles(sql: SqlStorage, known: ReadonlySet<string>, before: string): string[] {
  return sql
    .exec<{ file_id: string }>("SELECT file_id FROM transcripts WHERE coalesce(stored_at, '') < ?", before)
    .toArray()
    .map((r) => r.file_id)
    .filter((id) => !known.has(id));
}

export const holdsTranscripts = (sql: SqlStorage) => sql.exec("SELECT 1 FROM transcripts LIMIT 1").toArray().length > 0;

/** The files that D1 says have a transcript in this store object (named by `storeId`). */
export async function filesInObject(d1: D1Database, storeId: string): Promise<Set<string>> {
  const { results } = await d1
    .prepare("SELECT t.audio_file_id AS id FROM transcripts t JOIN audio_files f ON f.id = t.audio_file_id WHERE f.store_id = ?")
    .bind(storeId)
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}
