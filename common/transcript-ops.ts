// Editing operations on a transcript (spec sections 4, 5 and 7): the wire
// payloads, the operations as plain data, and the recorded change. The SPA
// applies an operation optimistically with the same pure functions the Worker
// uses to validate, apply and record it (common/transcript-apply.ts).
import { z } from "zod";
import { hasNoBidiControls } from "./names";
import type { SpeakerDto, UtteranceDto } from "./transcript";

export const EDIT_LIMITS = {
  wordTextMax: 100,
  wordsPerUtteranceMax: 5_000,
  idMax: 64,
  /** History kept per transcript; older operations are dropped. */
  historyKept: 500,
} as const;

export const EDIT_MESSAGES = {
  utteranceNotFound: "Utterance not found",
  speakerNotFound: "Speaker not found",
  wordNotInUtterance: "A word id does not belong to this utterance",
  duplicateWordId: "A word id appears more than once",
  newWordNeedsTimes: "A new word needs text, start_time, end_time and confidence_score",
  timesOutOfOrder: "Word times must not go backwards or be negative",
  emptyWordText: "A word's text must not be empty",
  wordTooLong: `A word must be ${EDIT_LIMITS.wordTextMax} characters or less`,
  /** As for names (common/names.ts): a U+202E in one word would reverse the rest of its utterance. */
  bidiControl: "Words cannot contain text-direction control characters",
  tooManyWords: `An utterance holds at most ${EDIT_LIMITS.wordsPerUtteranceMax} words`,
  noWords: "An utterance needs at least one word",
  splitAtFirstWord: "Cannot split before the first word",
  splitIdTaken: "new_utterance_id is already in use",
  mergeNothingFollows: "Nothing follows this utterance to merge",
  mergeSourceMismatch: "The utterance to merge no longer follows the target",
  stale: "This utterance was changed elsewhere; it has been reloaded",
  nothingToUndo: "Nothing to undo",
  nothingToRedo: "Nothing to redo",
} as const;

// ------------------------------------------------------------------ wire

const id = z.string().min(1).max(EDIT_LIMITS.idMax);
const time = z.number().finite().nonnegative(EDIT_MESSAGES.timesOutOfOrder);
const confidence = z.number().finite().min(0).max(1);
const wordText = z
  .string()
  .trim()
  .min(1, EDIT_MESSAGES.emptyWordText)
  .max(EDIT_LIMITS.wordTextMax, EDIT_MESSAGES.wordTooLong)
  .refine(hasNoBidiControls, EDIT_MESSAGES.bidiControl);
/** The version of the utterance the client computed the operation on; a mismatch answers 409. */
const version = z.number().int().nonnegative().optional();

/**
 * One entry of update_words, in the new order: a new word sends everything, a
 * modified one id, text, end_time and confidence_score, an unchanged one its id.
 */
export const wordPatchSchema = z.strictObject({
  id,
  text: wordText.optional(),
  start_time: time.optional(),
  end_time: time.optional(),
  confidence_score: confidence.optional(),
});
export type WordPatch = z.infer<typeof wordPatchSchema>;

export const updateWordsBodySchema = z.object({
  words: z.array(wordPatchSchema).min(1, EDIT_MESSAGES.noWords).max(EDIT_LIMITS.wordsPerUtteranceMax, EDIT_MESSAGES.tooManyWords),
  version,
});
export const splitBodySchema = z.object({ first_word_id: id, new_utterance_id: id, version });
/** The spec sends an empty body; the source id and versions make a retried merge safe. */
export const mergeBodySchema = z.object({ source_utterance_id: id.optional(), version, source_version: version });
export const setSpeakerBodySchema = z.object({ speaker_id: id, version });

// ------------------------------------------------------------------ operations

/** What the editor asks the server to do; one per endpoint. */
export type TranscriptOp =
  | { type: "update_words"; utteranceId: string; words: WordPatch[] }
  | { type: "split"; utteranceId: string; firstWordId: string; newUtteranceId: string }
  | { type: "merge"; targetUtteranceId: string; sourceUtteranceId: string }
  | { type: "set_speaker"; utteranceId: string; speakerId: string };

/** The state of an utterance as stored; `position` fields are recomputed on read. */
export type UtteranceState = UtteranceDto;
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
}
export interface TranscriptFields {
  summary?: string | null;
  notes?: string | null;
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
  };
}

// ------------------------------------------------------------------ answers

/** Every editing endpoint, undo and redo answer with what changed, so the client can reconcile. */
export interface OperationResultDto {
  /** Utterances created or changed, in their new state (with `position`). */
  utterances: UtteranceDto[];
  removedUtteranceIds: string[];
  /** Present when speakers or transcript fields changed (undo/redo of those, renames). */
  speakers?: SpeakerDto[];
  fields?: TranscriptFields;
}

export interface EditHistoryOperationDto {
  index: number;
  type: HistoryType;
  summary: string;
  timestamp: string;
  isCurrent: boolean;
  canUndoTo: boolean;
}

export interface EditHistoryDto {
  canUndo: boolean;
  canRedo: boolean;
  /** Index of the operation the transcript currently reflects; -1 before the first. */
  currentIndex: number;
  operations: EditHistoryOperationDto[];
}
