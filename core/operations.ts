// Editing operations on a transcript as plain data (docs/api.md and docs/product.md): what the
// editor asks for and what an endpoint receives. The SPA applies one optimistically with the same
// pure functions the Worker uses to validate, apply and record it (transcript-apply.ts); the wire
// bodies and their codec are common/transcript-ops.ts.
import type { ReplaceSpec } from "./replace-spec";

/**
 * One entry of update_words, in the new order: a new word sends everything, a
 * modified one id, text, end_time and confidence_score, an unchanged one its id.
 */
export interface WordPatch {
  id: string;
  text?: string;
  start_time?: number;
  end_time?: number;
  confidence_score?: number;
}

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

/** The operation a request asks for; a merge without a source takes whatever follows the target. */
export function requestedOp(req: OpRequest, following: string | undefined): TranscriptOp {
  if (req.type === "merge") {
    return { type: "merge", targetUtteranceId: req.targetUtteranceId, sourceUtteranceId: req.sourceUtteranceId ?? following ?? "" };
  }
  const { version: _version, ...op } = req;
  return op;
}
