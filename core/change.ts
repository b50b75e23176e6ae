// What an operation changes, as row states before and after: the rules compute it, the store
// writes it with its history entry, undo and redo write its sides back.
import type { StoredChapter } from "./chapters";
import type { SpeakerDto, UtteranceDto } from "./transcript";

/**
 * The state of an utterance as stored; `position` fields are recomputed on read.
 * `edited`: a user operation wrote it (set by the Worker, kept by undo and redo; a re-transcription keeps such rows).
 */
export type UtteranceState = UtteranceDto & { edited?: true };
export type SpeakerFields = Pick<SpeakerDto, "name" | "role">;
export interface SpeakerState extends SpeakerFields {
  id: string;
  originalLabel: string;
  /** Order in the speaker list (and default name "Speaker n+1"); kept so an undone deletion comes back in place. */
  position?: number;
}

/**
 * What an operation did, as row states before and after (null: the row does
 * not exist). Undo writes the before states, redo the after states, so undo
 * restores exactly the prior state whatever the operation was.
 */
export interface Change {
  utterances: { id: string; before: UtteranceState | null; after: UtteranceState | null }[];
  speakers?: { id: string; before: SpeakerState | null; after: SpeakerState | null }[];
  fields?: { before: TranscriptFields; after: TranscriptFields };
  /**
   * Utterances that moved from one speaker to another with nothing else
   * changed (a speaker merge): recorded as ids, not states, so merging a
   * speaker of 750 utterances keeps its history row small. Each moved row's
   * version grows by one.
   */
  speakerMoves?: SpeakerMoves;
}
export interface SpeakerMoves {
  from: string;
  to: string;
  utteranceIds: string[];
}
export interface TranscriptFields {
  summary?: string | null;
  notes?: string | null;
  /** The chapters (chapters.ts); null: none. */
  chapters?: StoredChapter[] | null;
}

export const HISTORY_TYPES = ["speaker_edited", "notes_edited", "summary_edited", "other"] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** An operation's effect plus how the history names it. */
export interface AppliedOp {
  change: Change;
  type: HistoryType;
  /** e.g. `Edited "teh" → "the"`, `Split utterance at 1:02:13`. */
  summary: string;
}

export function invertChange(change: Change): Change {
  return {
    utterances: change.utterances.map((u) => ({ id: u.id, before: u.after, after: u.before })),
    ...(change.speakers ? { speakers: change.speakers.map((s) => ({ id: s.id, before: s.after, after: s.before })) } : {}),
    ...(change.fields ? { fields: { before: change.fields.after, after: change.fields.before } } : {}),
    ...(change.speakerMoves
      ? { speakerMoves: { ...change.speakerMoves, from: change.speakerMoves.to, to: change.speakerMoves.from } }
      : {}),
  };
}
