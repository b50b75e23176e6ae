// The edit history of a transcript in the user's store: the list the Edit History modal shows,
// and undo/redo, by core/history.ts's rules, in one transaction.
import { EDIT_MESSAGES, type EditHistoryDto } from "../../common/transcript-ops";
import { conflict } from "../../core/refusal";
import { nowIso } from "../../common/time";
import { decodeChange } from "../../core/change-codec";
import { type HistoryEntry, historyDto, stepChange, steppedOutcome } from "../../core/history";
import type { EditOutcome } from "../../core/outcome";
import { type DescribedFile, isRetranscription } from "../../core/retranscription";
import { commitInStore } from "./commit";
import { transcriptKey } from "./operations";
import { speakersOf } from "./read";
import { swapRetranscription } from "./retranscribe";
import { statesById } from "./rows";

const pointer = (sql: SqlStorage, transcript: number) =>
  sql.exec<{ i: number }>("SELECT history_index AS i FROM transcripts WHERE id = ?", transcript).one().i;

export function editHistory(sql: SqlStorage, fileId: string): EditHistoryDto {
  const transcript = transcriptKey(sql, fileId);
  const entries = sql
    .exec<HistoryEntry>("SELECT seq, type, summary, created_at AS createdAt FROM history WHERE transcript = ? ORDER BY seq", transcript)
    .toArray();
  return historyDto(pointer(sql, transcript), entries);
}

/** Undo or redo; a re-transcription's also answers the file fields it brings back, for D1's copy. */
export function stepHistory(
  storage: DurableObjectStorage,
  fileId: string,
  direction: "undo" | "redo",
): EditOutcome & { file?: DescribedFile } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const historyIndex = pointer(sql, transcript);
    const offset = direction === "undo" ? 0 : 1;
    const op = sql
      .exec<{ change: string }>("SELECT change FROM history WHERE transcript = ? AND seq = ?", transcript, historyIndex + offset)
      .toArray()[0];
    if (!op) throw conflict(direction === "undo" ? EDIT_MESSAGES.nothingToUndo : EDIT_MESSAGES.nothingToRedo);
    const recorded = decodeChange(op.change);
    if (isRetranscription(recorded)) return swapRetranscription(sql, transcript, historyIndex + offset, historyIndex, direction);
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
