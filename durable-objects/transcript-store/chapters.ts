// A transcript's chapters in the store (decision 046): a field of the transcripts row, changed as
// one history entry by core/chapters.ts's plan (undo and redo step it like the summary), read
// resolved against the words as they now are; and the state of a generation.
import { type ChapterInput, planChapters, type ResolvedChapter, resolveChapters, type StoredChapter } from "../../core/chapters";
import { detailsOutcome } from "../../core/details-plans";
import type { EditOutcome } from "../../core/outcome";
import type { ChapterDto, ChapterGenerationDto, ChaptersAnswer } from "../../common/chapters";
import { nowIso } from "../../common/time";
import { wordIndex } from "./comments";
import { commitInStore } from "./commit";
import { transcriptKey } from "./operations";

type Row = { chapters: string | null; status: ChapterGenerationDto["status"]; error: string | null; duration: number };

const rowOf = (sql: SqlStorage, transcript: number) =>
  sql
    .exec<Row>("SELECT chapters, chapters_status AS status, chapters_error AS error, duration FROM transcripts WHERE id = ?", transcript)
    .one();

const stored = (row: Row): StoredChapter[] | null => (row.chapters ? (JSON.parse(row.chapters) as StoredChapter[]) : null);

const dto = (c: ResolvedChapter): ChapterDto => ({
  id: c.id,
  title: c.title,
  start_time: c.startTime,
  end_time: c.endTime,
  summary: c.summary,
  start_word_id: c.startWordId,
});

function answerOf(sql: SqlStorage, transcript: number): ChaptersAnswer {
  const row = rowOf(sql, transcript);
  return {
    data: resolveChapters(wordIndex(sql, transcript), stored(row), row.duration).map(dto),
    generation: { status: row.status, error: row.error },
  };
}

export function readChapters(sql: SqlStorage, fileId: string): ChaptersAnswer {
  return answerOf(sql, transcriptKey(sql, fileId));
}

/**
 * Replaces the chapters as one history entry (none when nothing changes). A generated list is
 * written leniently (chapters on words edited away meanwhile are left out) and ends the generation.
 */
export function putChapters(
  storage: DurableObjectStorage,
  fileId: string,
  input: readonly ChapterInput[],
  generated: boolean,
): { data: ChaptersAnswer; outcome: EditOutcome | null } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const plan = planChapters(wordIndex(sql, transcript), stored(rowOf(sql, transcript)), input, {
      newId: () => crypto.randomUUID(),
      generated,
    });
    let outcome: EditOutcome | null = null;
    if (plan) {
      const { change, type, summary } = plan;
      const committed = commitInStore(sql, transcript, {
        change,
        history: { record: { type, summary, change, opId: null } },
        now: nowIso(),
      });
      outcome = detailsOutcome(change, committed.rowsWritten);
    }
    if (generated) sql.exec("UPDATE transcripts SET chapters_status = NULL, chapters_error = NULL WHERE id = ?", transcript);
    return { data: answerOf(sql, transcript), outcome };
  });
}

/** Sets the generation's state; with `onlyWhileGenerating`, only over "generating" (a later request may have finished since). */
export function markChapters(
  sql: SqlStorage,
  fileId: string,
  status: ChapterGenerationDto["status"],
  error: string | null,
  onlyWhileGenerating: boolean,
): boolean {
  const guard = onlyWhileGenerating ? " AND chapters_status = 'generating'" : "";
  return (
    sql.exec(`UPDATE transcripts SET chapters_status = ?, chapters_error = ? WHERE file_id = ?${guard}`, status, error, fileId)
      .rowsWritten > 0
  );
}
