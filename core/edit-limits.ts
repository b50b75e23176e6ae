// What an edit of an utterance's words may hold, and the refusals the rules and the request
// schemas (common/transcript-ops.ts) answer with.
import type { PlainTextMessages } from "./plain-text";

export const EDIT_LIMITS = {
  wordTextMax: 100,
  wordsPerUtteranceMax: 5_000,
  idMax: 64,
  /** No word time goes past this, whatever the recording (48 hours). */
  timeMaxSeconds: 48 * 3600,
  /** How far past the recording's length a word may end (a length measured a little short). */
  timeMarginSeconds: 60,
  /** History kept per transcript; older operations are dropped. */
  historyKept: 500,
  /** Bytes of history kept per transcript (decisions 031 and 053); the oldest entries past it go. */
  historyBytesPerTranscript: 4 * 1024 * 1024,
} as const;

export const EDIT_MESSAGES = {
  transcriptNotFound: "Transcript not found",
  utteranceNotFound: "Utterance not found",
  speakerNotFound: "Speaker not found",
  wordNotInUtterance: "A word id does not belong to this utterance",
  duplicateWordId: "A word id appears more than once",
  newWordNeedsTimes: "A new word needs text, start_time, end_time and confidence_score",
  timesOutOfOrder: "Word times must not go backwards or be negative",
  emptyWordText: "A word's text must not be empty",
  wordTooLong: `A word must be ${EDIT_LIMITS.wordTextMax} characters or less`,
  /** As for names (plain-text.ts): a U+202E in one word would reverse the rest of its utterance. */
  bidiControl: "Words cannot contain text-direction control characters",
  /** A line break or another control character in a word would break a caption line or a cue (SRT, VTT). */
  lineBreak: "Words cannot contain line breaks",
  controlCharacter: "Words cannot contain control characters",
  timeTooLarge: "Word times must be 48 hours or less",
  timePastRecording: "Word times must not be past the end of the recording",
  /** Unique in the whole transcript: a merge of two utterances must not meet the same id twice. */
  wordIdTaken: "A new word's id is already used in this transcript",
  mergeSharedWordIds: "These utterances share a word id and cannot be merged",
  tooManyWords: `An utterance holds at most ${EDIT_LIMITS.wordsPerUtteranceMax} words`,
  noWords: "An utterance needs at least one word",
  splitAtFirstWord: "Cannot split before the first word",
  splitIdTaken: "new_utterance_id is already in use",
  mergeNothingFollows: "Nothing follows this utterance to merge",
  mergeSourceMismatch: "The utterance to merge no longer follows the target",
  stale: "This utterance was changed elsewhere; it has been reloaded",
  keyReused: "This Idempotency-Key was already used for a different request",
  nothingToUndo: "Nothing to undo",
  nothingToRedo: "Nothing to redo",
} as const;

/** The plain-text rule's refusals for words (plain-text.ts). */
export const WORD_TEXT_MESSAGES: PlainTextMessages = {
  bidi: EDIT_MESSAGES.bidiControl,
  lineBreak: EDIT_MESSAGES.lineBreak,
  control: EDIT_MESSAGES.controlCharacter,
};
