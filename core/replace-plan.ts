// Replace all over a whole transcript: the matches found with the rule the editor uses
// (replace-match.ts), applied as update_words of the touched utterances, as one change
// with one history entry.
import { replacedCount, type OpContext } from "./transcript-apply";
import { findInText, normalizeFind, utteranceText } from "./replace-match";
import { REPLACE_LIMITS, REPLACE_MESSAGES, type ReplaceSpec } from "./replace-spec";
import type { AppliedOp, UtteranceState } from "./change";
import type { ReplaceAllOp } from "./operations";
import type { ReplaceResultDto } from "./operation-results";
import type { RecordedChange } from "./change-codec";
import { applyRefusing } from "./decide";
import { appliedOutcome, type CommitResult, type EditOutcome } from "./outcome";
import { unprocessable } from "./refusal";

export interface ReplaceOutcome extends EditOutcome {
  result: ReplaceResultDto;
}

/** The utterances with at least one match, and how many matches there are in all. */
function findInTranscript(utterances: readonly UtteranceState[], spec: ReplaceSpec): { ids: string[]; count: number } {
  const find = normalizeFind(spec.find);
  if (find === null) throw unprocessable(REPLACE_MESSAGES.findTooShort);
  const ids: string[] = [];
  let count = 0;
  for (const u of utterances) {
    const n = findInText(utteranceText(u.transcriptWords), find, spec).length;
    if (n > 0) {
      ids.push(u.id);
      count += n;
    }
  }
  return { ids, count };
}

/** The replace all over these utterances (every one of the transcript, in order); null when nothing matches. 422 past the limit. */
export function planReplace(utterances: readonly UtteranceState[], spec: ReplaceSpec): AppliedOp | null {
  const found = findInTranscript(utterances, spec);
  if (found.count > REPLACE_LIMITS.matchesMax) throw unprocessable(REPLACE_MESSAGES.tooManyMatches(found.count));
  const byId = new Map(utterances.map((u) => [u.id, u]));
  const ctx: OpContext = { utterance: (id) => byId.get(id), next: () => undefined, speakerName: () => undefined };
  const op: ReplaceAllOp = { type: "replace_all", ...spec, utteranceIds: found.ids };
  const applied = applyRefusing(ctx, op);
  return applied.change.utterances.length ? applied : null;
}

export const replaceAnswer = (
  replaced: number,
  change: Pick<RecordedChange, "utterances"> | null,
  result: Omit<ReplaceResultDto, "replaced" | "utterance_ids">,
) => ({
  ...result,
  replaced,
  utterance_ids: change ? change.utterances.map((u) => u.id) : [],
});

/** What a committed replace all answers. */
export const replacedOutcome = (applied: AppliedOp, committed: CommitResult): ReplaceOutcome => {
  const outcome = appliedOutcome(applied, committed);
  return { ...outcome, result: replaceAnswer(replacedCount(applied.summary), applied.change, outcome.result) };
};

export const nothingReplaced = (): ReplaceOutcome => ({
  result: replaceAnswer(0, null, { utterances: [], removedUtteranceIds: [] }),
  change: null,
  detailsChanged: false,
  rowsWritten: 0,
});
