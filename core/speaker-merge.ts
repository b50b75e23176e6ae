// Merging one speaker into another (docs/api.md "Merge speakers"): every
// utterance of the speaker becomes the other's and the speaker is removed. The
// Worker records it compactly (Change.speakerMoves); the SPA applies it
// optimistically to the utterances it holds with `applySpeakerMerge`.
import type { AppliedOp, UtteranceState } from "./change";
import type { TranscriptOp } from "./operations";

export const MERGE_SPEAKERS_MESSAGES = {
  intoItself: "A speaker cannot be merged into itself",
  speakerNotFound: "Speaker not found",
  intoNotFound: "The speaker to merge into was not found",
} as const;

/** The history entry's summary, e.g. `Merged "Speaker 2" into "Anna"`. */
export const mergeSummary = (fromName: string, intoName: string) => `Merged "${fromName}" into "${intoName}"`;

export interface SpeakerMergeContext {
  speakerName(id: string): string | undefined;
  /** Every utterance of a speaker that this side holds. */
  utterancesOfSpeaker(id: string): readonly UtteranceState[];
}

export class SpeakerMergeError extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
  ) {
    super(message);
    this.name = "SpeakerMergeError";
  }
}

/** Checks the two speakers: both known and different. */
export function checkSpeakerMerge(names: (id: string) => string | undefined, from: string, into: string): { from: string; into: string } {
  if (from === into) throw new SpeakerMergeError(422, MERGE_SPEAKERS_MESSAGES.intoItself);
  const fromName = names(from);
  if (fromName === undefined) throw new SpeakerMergeError(404, MERGE_SPEAKERS_MESSAGES.speakerNotFound);
  const intoName = names(into);
  if (intoName === undefined) throw new SpeakerMergeError(404, MERGE_SPEAKERS_MESSAGES.intoNotFound);
  return { from: fromName, into: intoName };
}

/**
 * The optimistic side of a merge: the speaker's utterances, now the other's
 * (one version ahead, as the server writes them). Speakers themselves live in
 * the transcript details, which refresh after the save.
 */
export function applySpeakerMerge(ctx: SpeakerMergeContext, op: Extract<TranscriptOp, { type: "merge_speakers" }>): AppliedOp {
  const names = checkSpeakerMerge((id) => ctx.speakerName(id), op.speakerId, op.intoSpeakerId);
  return {
    change: {
      utterances: ctx.utterancesOfSpeaker(op.speakerId).map((u) => ({
        id: u.id,
        before: u,
        after: { ...u, speakerId: op.intoSpeakerId, version: u.version + 1 },
      })),
    },
    type: "speaker_edited",
    summary: mergeSummary(names.from, names.into),
  };
}
