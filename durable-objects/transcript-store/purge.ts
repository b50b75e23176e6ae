// Removing transcripts from the user's store: before their files' rows leave D1 (decision 023,
// rule 5), so nothing in the store outlives its file.
import { dropComments } from "./comments";
import { dropHighlights } from "./highlights";
import { dropQuestions } from "./questions";
import { forgetEndedRuns } from "./ended-runs";
import { dropAllHistory } from "./snapshots";
import { dropTranslations } from "./translations";

/** Inside the caller's transaction: every row of these files' transcripts (the search rows go by trigger). */
export function purgeInTransaction(sql: SqlStorage, fileIds: readonly string[]): number {
  let removed = 0;
  for (const fileId of fileIds) {
    const row = sql.exec<{ id: number }>("SELECT id FROM transcripts WHERE file_id = ?", fileId).toArray()[0];
    if (!row) continue;
    dropAllHistory(sql, row.id);
    sql.exec("DELETE FROM utterances WHERE transcript = ?", row.id);
    sql.exec("DELETE FROM speakers WHERE transcript = ?", row.id);
    sql.exec("DELETE FROM transcripts WHERE id = ?", row.id);
    removed++;
  }
  return removed;
}

/** A file's deletion: its transcript, comments, highlights, questions, translations and redactions (a new transcription of the file keeps them). */
export function purgeTranscripts(storage: DurableObjectStorage, fileIds: readonly string[]): number {
  return storage.transactionSync(() => {
    dropComments(storage.sql, fileIds);
    dropHighlights(storage.sql, fileIds);
    dropQuestions(storage.sql, fileIds);
    forgetEndedRuns(storage, fileIds);
    dropTranslations(storage.sql, fileIds);
    storage.sql.exec("DELETE FROM redactions WHERE file_id IN (SELECT value FROM json_each(?))", JSON.stringify(fileIds));
    return purgeInTransaction(storage.sql, fileIds);
  });
}
