// The answers of the editing endpoints, undo, redo and the history list (docs/api.md).
import type { HistoryType, TranscriptFields } from "./change";
import type { SpeakerDto, UtteranceDto } from "./transcript";
import type { WordConflict } from "./refusal";

/** Replace all's answer: the spec's `{replaced, utterance_ids}` plus the changed utterances to reconcile with. */
export interface ReplaceResultDto extends OperationResultDto {
  replaced: number;
  utterance_ids: string[];
}

/** Every editing endpoint, undo and redo answer with what changed, so the client can reconcile. */
export interface OperationResultDto {
  /** Utterances created or changed, in their new state (with `position`). */
  utterances: UtteranceDto[];
  removedUtteranceIds: string[];
  /** Present when speakers or transcript fields changed (undo/redo of those, renames). */
  speakers?: SpeakerDto[];
  fields?: TranscriptFields;
  /** Undo/redo of a re-transcription: the whole transcript changed, reload it (the lists above are empty). */
  reload?: true;
  /**
   * Utterances that only changed speaker (a speaker merge, its undo or redo):
   * their new speaker and version; words, times and positions are as they were.
   */
  moved?: MovedUtteranceDto[];
}
/**
 * Why a word edit computed on an older version was refused (decision 052): the utterances as they
 * now are, and the words someone else changed too. The editing endpoints answer it as a 409's data.
 */
export interface WordConflictDto {
  utterances: UtteranceDto[];
  conflicts: WordConflict[];
}

export interface MovedUtteranceDto {
  id: string;
  speakerId: string;
  version: number;
}

export interface EditHistoryOperationDto {
  index: number;
  type: HistoryType;
  summary: string;
  timestamp: string;
  /** Who made it; null for the system's (a re-transcription) and older entries. */
  author: { id: string; name: string } | null;
  isCurrent: boolean;
  canUndoTo: boolean;
}

export interface EditHistoryDto {
  /** Older operations were dropped (past the newest 500, or the history's size budget). */
  truncated: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** Index of the operation the transcript currently reflects; -1 before the first. */
  currentIndex: number;
  operations: EditHistoryOperationDto[];
}
