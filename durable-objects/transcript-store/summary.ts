// A transcript's generated summary in the user's store: its status while a summary is being
// written, and the summary itself. A requested one is an edit (its predecessor stays in the
// history); an automatic one is written only while the transcript has none (summaries/job.ts).
import type { SummaryType, TranscriptDto } from "../../core/transcript";
import type { EditOutcome } from "../../core/outcome";
import { updateFieldsIn } from "./details";
import { transcriptKey } from "./operations";

type Status = TranscriptDto["summaryStatus"];

export function summaryState(sql: SqlStorage, fileId: string): { summary: string | null; status: Status } {
  return (
    sql
      .exec<{ summary: string | null; status: Status }>(
        "SELECT summary, summary_status AS status FROM transcripts WHERE file_id = ?",
        fileId,
      )
      .toArray()[0] ?? { summary: null, status: null }
  );
}

/** Sets the status; with `onlyWhileGenerating`, only over "generating" (a later request may have finished since). */
export function markSummary(sql: SqlStorage, fileId: string, status: Status, error: string | null, onlyWhileGenerating: boolean): boolean {
  const guard = onlyWhileGenerating ? " AND summary_status = 'generating'" : "";
  return (
    sql.exec(
      `UPDATE transcripts SET summary_status = ?, summary_error = ?, updated_at = ? WHERE file_id = ?${guard}`,
      status,
      error,
      new Date().toISOString(),
      fileId,
    ).rowsWritten > 0
  );
}

export function saveSummary(
  storage: DurableObjectStorage,
  fileId: string,
  text: string,
  meta: { summaryType: SummaryType; summaryModel: string },
  requested: boolean,
): EditOutcome | null {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const now = new Date().toISOString();
    const setMeta = () =>
      sql.exec(
        "UPDATE transcripts SET summary_type = ?, summary_model = ?, summary_status = NULL, summary_error = NULL, updated_at = ? WHERE id = ?",
        meta.summaryType,
        meta.summaryModel,
        now,
        transcript,
      );
    if (requested) {
      // The user asked: their previous summary is kept in the edit history (undo brings it back).
      const outcome = updateFieldsIn(sql, transcript, { summary: text });
      setMeta();
      return outcome;
    }
    // Written only if there is still no summary: never over one the user wrote meanwhile.
    const written = sql.exec("UPDATE transcripts SET summary = ? WHERE id = ? AND summary IS NULL", text, transcript).rowsWritten;
    if (written) setMeta();
    return null;
  });
}
