// The edit history of a transcript in the user's store: the list the Edit History modal shows,
// and undo/redo, by core/history.ts's rules, in one transaction.
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { EditHistoryDto } from "../../core/operation-results";
import type { TranscriptFields } from "../../core/change";
import type { StoredChapter } from "../../core/chapters";
import { conflict } from "../../core/refusal";
import { nowIso } from "../../common/time";
import { decodeChange } from "../../core/change-codec";
import { type HistoryEntry, historyDto, stepChange, steppedOutcome } from "../../core/history";
import type { EditOutcome } from "../../core/outcome";
import { type DescribedFile, isRetranscription } from "../../core/retranscription";
import { commitInStore, movedNow } from "./commit";
import { entryAt, transcriptKey, unchanged } from "./operations";
import { speakersOf } from "./read";
import { type RequestKey, rememberStep, seenRequest } from "./request-keys";
import { describedFile, swapRetranscription } from "./retranscribe";
import { statesById } from "./rows";

const pointer = (sql: SqlStorage, transcript: number) =>
  sql.exec<{ i: number }>("SELECT history_index AS i FROM transcripts WHERE id = ?", transcript).one().i;

export function editHistory(sql: SqlStorage, fileId: string): EditHistoryDto {
  const transcript = transcriptKey(sql, fileId);
  const entries = sql
    .exec<HistoryEntry>(
      "SELECT seq, type, summary, created_at AS createdAt, author_id AS authorId, author_name AS authorName FROM history WHERE transcript = ? ORDER BY seq",
      transcript,
    )
    .toArray();
  return historyDto(pointer(sql, transcript), entries);
}

/**
 * Undo or redo; a re-transcription's also answers the file fields it brings back, for D1's copy.
 * A known key steps nothing and answers the entry it stepped as the transcript now has it.
 */
export function stepHistory(
  storage: DurableObjectStorage,
  fileId: string,
  direction: "undo" | "redo",
  key: RequestKey | null,
): EditOutcome & { file?: DescribedFile } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const seen = seenRequest(sql, transcript, key);
    if (seen) return steppedBefore(sql, transcript, seen.seq);
    const historyIndex = pointer(sql, transcript);
    const seq = historyIndex + (direction === "undo" ? 0 : 1);
    const op = entryAt(sql, transcript, seq);
    if (!op) throw conflict(direction === "undo" ? EDIT_MESSAGES.nothingToUndo : EDIT_MESSAGES.nothingToRedo);
    rememberStep(sql, transcript, key, seq);
    const recorded = decodeChange(op.change);
    if (isRetranscription(recorded)) return swapRetranscription(sql, transcript, seq, historyIndex, direction);
    const current = statesById(
      sql,
      transcript,
      recorded.utterances.map((u) => u.id),
    );
    const change = stepChange(recorded, direction, current);
    const committed = commitInStore(sql, transcript, {
      change,
      history: { next: direction === "undo" ? historyIndex - 1 : historyIndex + 1 },
      now: nowIso(),
    });
    return steppedOutcome(change, committed, change.speakers?.length ? speakersOf(sql, transcript) : undefined);
  });
}

/** A repeated undo or redo: what the entry it stepped names, as it now is; nothing written. */
function steppedBefore(sql: SqlStorage, transcript: number, seq: number): EditOutcome & { file?: DescribedFile } {
  const entry = entryAt(sql, transcript, seq);
  const recorded = entry ? decodeChange(entry.change) : { utterances: [] };
  if (isRetranscription(recorded)) {
    const result = { utterances: [], removedUtteranceIds: [], speakers: speakersOf(sql, transcript), reload: true as const };
    return { result, change: null, detailsChanged: false, rowsWritten: 0, file: describedFile(sql, transcript) };
  }
  const { result, ...rest } = unchanged(
    sql,
    transcript,
    recorded.utterances.map((u) => u.id),
  );
  const moved = recorded.speakerMoves ? movedNow(sql, transcript, recorded.speakerMoves.utteranceIds) : undefined;
  const fields = recorded.fields ? currentFields(sql, transcript, recorded.fields.after) : undefined;
  return {
    ...rest,
    result: {
      ...result,
      ...(moved ? { moved } : {}),
      ...(recorded.speakers?.length ? { speakers: speakersOf(sql, transcript) } : {}),
      ...(fields ? { fields } : {}),
    },
  };
}

/** The transcript's summary, notes and chapters, those of `named` only. */
function currentFields(sql: SqlStorage, transcript: number, named: TranscriptFields): TranscriptFields {
  const row = sql
    .exec<{ summary: string | null; notes: string | null; chapters: string | null }>(
      "SELECT summary, notes, chapters FROM transcripts WHERE id = ?",
      transcript,
    )
    .one();
  return {
    ...("summary" in named ? { summary: row.summary } : {}),
    ...("notes" in named ? { notes: row.notes } : {}),
    ...("chapters" in named ? { chapters: row.chapters ? (JSON.parse(row.chapters) as StoredChapter[]) : null } : {}),
  };
}
