// Editing operations on the wire (docs/api.md): the request bodies each endpoint takes, and the
// codec between them and the operations as plain data (core/operations.ts).
import * as z from "zod";
import { EDIT_LIMITS, EDIT_MESSAGES, WORD_TEXT_MESSAGES } from "../core/edit-limits";
import { touches, type OpRequest, type SpeakerMergeRequest, type TranscriptOp, type WordPatch } from "../core/operations";
import { plainTextCheck } from "../core/plain-text";
import { REPLACE_LIMITS, REPLACE_MESSAGES, type ReplaceSpec } from "../core/replace-spec";

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

/** One entry of update_words (core/operations.ts says what each kind of word sends). */
export const wordPatchSchema = z.strictObject({
  id,
  text: wordText.optional(),
  start_time: time.optional(),
  end_time: time.optional(),
  confidence_score: confidence.optional(),
}) satisfies z.ZodType<WordPatch>;

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

// ------------------------------------------------------------------ wire codec

type RequestOf<K extends OpType> = Extract<OpRequest | SpeakerMergeRequest, { type: K }>;

/** The id in an operation's path: its first utterance, or the speaker a speaker merge is addressed to. */
function pathId(op: TranscriptOp): string {
  return op.type === "merge_speakers" ? op.speakerId : touches(op)[0]!;
}

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
