// Editing operations on a transcript (docs/api.md and docs/product.md): the wire
// payloads, the operations as plain data, and the recorded change. The SPA
// applies an operation optimistically with the same pure functions the Worker
// uses to validate, apply and record it (common/transcript-apply.ts).
import { z } from "zod";
import { plainTextCheck, type PlainTextMessages } from "./names";
import { REPLACE_LIMITS, REPLACE_MESSAGES, type ReplaceSpec } from "./replace-match";
import type { SpeakerDto, UtteranceDto } from "./transcript";

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
  /** Bytes of history kept per transcript and per user (decision 031); the oldest entries past either go. */
  historyBytesPerTranscript: 4 * 1024 * 1024,
  historyBytesPerUser: 64 * 1024 * 1024,
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
  /** As for names (common/names.ts): a U+202E in one word would reverse the rest of its utterance. */
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

/** The plain-text rule's refusals for words (common/names.ts). */
export const WORD_TEXT_MESSAGES: PlainTextMessages = {
  bidi: EDIT_MESSAGES.bidiControl,
  lineBreak: EDIT_MESSAGES.lineBreak,
  control: EDIT_MESSAGES.controlCharacter,
};

// ------------------------------------------------------------------ wire

const id = z.string().min(1).max(EDIT_LIMITS.idMax);
const time = z.number().finite().nonnegative(EDIT_MESSAGES.timesOutOfOrder).max(EDIT_LIMITS.timeMaxSeconds, EDIT_MESSAGES.timeTooLarge);
const confidence = z.number().finite().min(0).max(1);
const wordText = z
  .string()
  .superRefine(plainTextCheck(WORD_TEXT_MESSAGES))
  .trim()
  .min(1, EDIT_MESSAGES.emptyWordText)
  .max(EDIT_LIMITS.wordTextMax, EDIT_MESSAGES.wordTooLong);
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
/** Merge speakers: the speaker in the path becomes `into_speaker_id` everywhere and is removed. */
export const mergeSpeakersBodySchema = z.object({ into_speaker_id: id });

// ---- replace all (POST /transcripts/{id}/replace): the whole transcript, not one utterance
export const replaceBodySchema = z.strictObject({
  find: z
    .string()
    .min(1, REPLACE_MESSAGES.findEmpty)
    .max(REPLACE_LIMITS.findMax, REPLACE_MESSAGES.findTooLong)
    .refine((find) => find.trim().length > 0, REPLACE_MESSAGES.findEmpty)
    .refine((find) => !find.trim() || find.trim().replace(/\s+/g, " ").length >= REPLACE_LIMITS.findMin, REPLACE_MESSAGES.findTooShort),
  replace: z.string().max(REPLACE_LIMITS.replaceMax, REPLACE_MESSAGES.replaceTooLong).superRefine(plainTextCheck(WORD_TEXT_MESSAGES)),
  match_case: z.boolean().default(false),
  whole_word: z.boolean().default(false),
});

/** The body each operation's endpoint takes (the client's side of the schemas above). */
export interface OpBodies {
  update_words: z.input<typeof updateWordsBodySchema>;
  split: z.input<typeof splitBodySchema>;
  merge: z.input<typeof mergeBodySchema>;
  set_speaker: z.input<typeof setSpeakerBodySchema>;
  replace_all: z.input<typeof replaceBodySchema>;
  merge_speakers: z.input<typeof mergeSpeakersBodySchema>;
}
export type OpType = keyof OpBodies;
/** The operations addressed to one utterance (the path names it). */
type UtteranceOpType = Exclude<OpType, "replace_all">;

// ------------------------------------------------------------------ operations

/** What the editor asks the server to do; one per endpoint. */
export type TranscriptOp =
  | { type: "update_words"; utteranceId: string; words: WordPatch[] }
  | { type: "split"; utteranceId: string; firstWordId: string; newUtteranceId: string }
  | { type: "merge"; targetUtteranceId: string; sourceUtteranceId: string }
  | { type: "set_speaker"; utteranceId: string; speakerId: string }
  /** Addressed to a speaker, not an utterance: every utterance of `speakerId` becomes `intoSpeakerId`'s. */
  | { type: "merge_speakers"; speakerId: string; intoSpeakerId: string }
  | ReplaceAllOp;

/**
 * Replace all: the server finds the matches itself; `utteranceIds` are those
 * the sender saw matches in (the editor's optimistic apply, and what its save
 * queue must send first), or the ones the Worker found.
 */
export interface ReplaceAllOp extends ReplaceSpec {
  type: "replace_all";
  utteranceIds: string[];
}

/**
 * An operation as an endpoint receives it: the versions the client computed it
 * on, and a merge may leave its source to the server (the spec's empty body).
 */
export type OpRequest =
  | (Extract<TranscriptOp, { type: "update_words" | "split" | "set_speaker" }> & { version?: number })
  | { type: "merge"; targetUtteranceId: string; sourceUtteranceId?: string; version?: number; sourceVersion?: number };
/** A speaker merge as its endpoint receives it (no versions: it moves whatever the speaker has when it runs). */
export type SpeakerMergeRequest = Extract<TranscriptOp, { type: "merge_speakers" }>;
type RequestOf<K extends OpType> = Extract<OpRequest | SpeakerMergeRequest, { type: K }>;

/** The utterances an operation reads or writes, the one it is addressed to first. */
export function touches(op: TranscriptOp | OpRequest | SpeakerMergeRequest): string[] {
  switch (op.type) {
    case "update_words":
    case "set_speaker":
      return [op.utteranceId];
    case "split":
      return [op.utteranceId, op.newUtteranceId];
    case "merge":
      return op.sourceUtteranceId ? [op.targetUtteranceId, op.sourceUtteranceId] : [op.targetUtteranceId];
    case "replace_all":
      return op.utteranceIds;
    case "merge_speakers":
      // Which utterances it moves is the server's to say (all of the speaker's when it runs).
      return [];
  }
}

/** The id in an operation's path: its first utterance, or the speaker a speaker merge is addressed to. */
function pathId(op: TranscriptOp): string {
  return op.type === "merge_speakers" ? op.speakerId : touches(op)[0]!;
}

/** The operation a request asks for; a merge without a source takes whatever follows the target. */
export function requestedOp(req: OpRequest, following: string | undefined): TranscriptOp {
  if (req.type === "merge") {
    return { type: "merge", targetUtteranceId: req.targetUtteranceId, sourceUtteranceId: req.sourceUtteranceId ?? following ?? "" };
  }
  const { version: _version, ...op } = req;
  return op;
}

// ------------------------------------------------------------------ wire codec

/** One operation on the wire: the endpoint (by type), the utterance in its path, and the body. */
export interface WireRequestOf<K extends OpType> {
  type: K;
  /** The id in the path: an utterance's, or for merge_speakers the speaker's. */
  utteranceId: string;
  body: OpBodies[K];
}
export type WireRequest = { [K in OpType]: WireRequestOf<K> }[OpType];

type Codec<K extends UtteranceOpType> = {
  to(op: Extract<TranscriptOp, { type: K }>, version: (utteranceId: string) => number | undefined): OpBodies[K];
  from(utteranceId: string, body: z.output<(typeof BODY_SCHEMAS)[K]>): RequestOf<K>;
};

export const BODY_SCHEMAS = {
  update_words: updateWordsBodySchema,
  split: splitBodySchema,
  merge: mergeBodySchema,
  set_speaker: setSpeakerBodySchema,
  replace_all: replaceBodySchema,
  merge_speakers: mergeSpeakersBodySchema,
} as const;

const CODECS: { [K in UtteranceOpType]: Codec<K> } = {
  update_words: {
    to: (op, v) => ({ words: op.words, version: v(op.utteranceId) }),
    from: (utteranceId, body) => ({ type: "update_words", utteranceId, words: body.words, version: body.version }),
  },
  split: {
    to: (op, v) => ({ first_word_id: op.firstWordId, new_utterance_id: op.newUtteranceId, version: v(op.utteranceId) }),
    from: (utteranceId, body) => ({
      type: "split",
      utteranceId,
      firstWordId: body.first_word_id,
      newUtteranceId: body.new_utterance_id,
      version: body.version,
    }),
  },
  merge: {
    to: (op, v) => ({
      source_utterance_id: op.sourceUtteranceId,
      version: v(op.targetUtteranceId),
      source_version: v(op.sourceUtteranceId),
    }),
    from: (targetUtteranceId, body) => ({
      type: "merge",
      targetUtteranceId,
      sourceUtteranceId: body.source_utterance_id,
      version: body.version,
      sourceVersion: body.source_version,
    }),
  },
  set_speaker: {
    to: (op, v) => ({ speaker_id: op.speakerId, version: v(op.utteranceId) }),
    from: (utteranceId, body) => ({ type: "set_speaker", utteranceId, speakerId: body.speaker_id, version: body.version }),
  },
  merge_speakers: {
    to: (op) => ({ into_speaker_id: op.intoSpeakerId }),
    from: (speakerId, body) => ({ type: "merge_speakers", speakerId, intoSpeakerId: body.into_speaker_id }),
  },
};

/** The request for an operation; `version` gives the version the server last confirmed of an utterance. */
export function toRequest(op: TranscriptOp, version: (utteranceId: string) => number | undefined): WireRequest {
  if (op.type === "replace_all") return { type: op.type, utteranceId: "", body: toReplaceBody(op) };
  const codec = CODECS[op.type] as Codec<UtteranceOpType>;
  return { type: op.type, utteranceId: pathId(op), body: codec.to(op as never, version) } as WireRequest;
}

/** The operation a validated request names (the utterance from its path, the rest from its body). */
export function fromRequest<K extends UtteranceOpType>(
  type: K,
  utteranceId: string,
  body: z.output<(typeof BODY_SCHEMAS)[K]>,
): RequestOf<K> {
  return (CODECS[type] as Codec<K>).from(utteranceId, body);
}

/** Replace all's body; versions are not sent: the server replaces in the utterances as they are then. */
function toReplaceBody(op: ReplaceSpec): OpBodies["replace_all"] {
  return { find: op.find, replace: op.replace, match_case: op.matchCase, whole_word: op.wholeWord };
}

/** The spec a validated replace body asks for. */
export function fromReplaceBody(body: z.output<typeof replaceBodySchema>): ReplaceSpec {
  return { find: body.find, replace: body.replace, matchCase: body.match_case, wholeWord: body.whole_word };
}

// ------------------------------------------------------------------ states

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

// ------------------------------------------------------------------ answers

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
