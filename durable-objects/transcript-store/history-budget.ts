// The history's byte budget in a transcript room (decision 031): what an entry weighs, and
// keeping the transcript's history within EDIT_LIMITS whenever an entry is written. The oldest entries go first; the entry just written always stays, so its undo
// is there whatever its size. Totals are kept by trigger (schema.ts). Every function runs
// inside the caller's transaction.
import { EDIT_LIMITS } from "../../core/edit-limits";
import { dropHistory } from "./snapshots";

/** Counted for each stored row beside its text (keys, times, the row's own overhead): an estimate. */
const ROW_BYTES = 64;

/** SQL for the bytes of the re-transcription sides of entry (`transcript`, `seq`), both given as SQL terms. */
function sidesBytes(transcript: string, seq: string): string {
  const of = `WHERE transcript = ${transcript} AND seq = ${seq}`;
  return `(SELECT coalesce(sum(length(CAST(words AS BLOB)) + ${ROW_BYTES}), 0) FROM snapshot_utterances ${of})
    + (SELECT count(*) * ${ROW_BYTES} FROM snapshot_speakers ${of}) + (SELECT count(*) * ${ROW_BYTES} FROM snapshots ${of})`;
}

/** SQL for an entry's bytes: its change and summary, its key, and its sides (each given as SQL terms). */
export const entryBytes = (change: string, summary: string, transcript: string, seq: string) =>
  `length(CAST(${change} AS BLOB)) + length(CAST(${summary} AS BLOB)) + ${ROW_BYTES} + ${sidesBytes(transcript, seq)}`;

/** An entry whose sides changed is weighed again (an undone or redone re-transcription takes one anew). */
export function reweighEntry(sql: SqlStorage, transcript: number, seq: number): void {
  sql.exec(`UPDATE history SET bytes = ${entryBytes("change", "summary", "?1", "?2")} WHERE transcript = ?1 AND seq = ?2`, transcript, seq);
}

/** The newest of `entries` (oldest first) that must go so that `excess` bytes do: null when none must. */
function cutCovering(entries: Iterable<{ seq: number; bytes: number }>, excess: number): number | null {
  let freed = 0;
  let cut: number | null = null;
  for (const e of entries) {
    if (freed >= excess) break;
    freed += e.bytes;
    cut = e.seq;
  }
  return cut;
}

/**
 * After entry `seq` of `transcript` was written: its oldest entries past the transcript's budget
 * go (each room holds one transcript, decision 053). Answers the rows written.
 */
export function keepHistoryWithin(sql: SqlStorage, transcript: number, seq: number): number {
  const { own } = sql.exec<{ own: number }>("SELECT history_bytes AS own FROM transcripts WHERE id = ?", transcript).one();
  const excess = own - EDIT_LIMITS.historyBytesPerTranscript;
  if (excess <= 0) return 0;
  const older = sql.exec<{ seq: number; bytes: number }>(
    "SELECT seq, bytes FROM history WHERE transcript = ? AND seq < ? ORDER BY seq",
    transcript,
    seq,
  );
  const cut = cutCovering(older, excess);
  return cut === null ? 0 : dropHistory(sql, transcript, "<= ?", cut);
}

/** The bytes of the entry an edit wrote or redid (at the pointer), or undid (right after it). */
export function steppedEntryBytes(sql: SqlStorage, fileId: string, undone: boolean): number {
  return (
    sql
      .exec<{ bytes: number }>(
        "SELECT h.bytes FROM transcripts t JOIN history h ON h.transcript = t.id AND h.seq = t.history_index + ? WHERE t.file_id = ?",
        undone ? 1 : 0,
        fileId,
      )
      .toArray()[0]?.bytes ?? 0
  );
}
