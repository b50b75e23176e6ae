// What the rules make of an editing request against the rows as read (transcript-apply.ts
// applies it): the change to commit, nothing (already applied), or a refusal.
import { applyOp, OpError, type OpContext } from "./transcript-apply";
import { EDIT_MESSAGES } from "./edit-limits";
import type { AppliedOp, UtteranceState } from "./change";
import type { OpRequest, TranscriptOp } from "./operations";
import { Refusal, StaleUtterances } from "./refusal";
import { mergeWordEdit } from "./word-merge";

/** An utterance as it was at an earlier version, if the history still says (read only for a stale edit). */
export type EarlierState = (utteranceId: string, version: number) => UtteranceState | undefined;

/**
 * The change to commit, or null when there is nothing to write (already applied). A word edit
 * computed on an older version is merged onto the current words when `earlier` finds that
 * version (decision 052). StaleUtterances when a sent version no longer matches and the request
 * can be neither merged nor found already applied (with the words both changed, when that is
 * why); Refusal for what the rules refuse.
 */
export function decide(ctx: OpContext, req: OpRequest, op: TranscriptOp, earlier?: EarlierState): AppliedOp | null {
  const stale = staleOnes(ctx, req, op);
  if (stale.length) {
    // A retry whose result is already there is fine; anything else was computed on an old state.
    let retry = false;
    try {
      retry = isNoOp(applyOp(ctx, op));
    } catch {
      retry = false;
    }
    if (retry) return null;
    const rebased = req.type === "update_words" && op.type === "update_words" && earlier ? rebase(ctx, op, req.version, earlier) : null;
    if (rebased) return isNoOp(rebased) ? null : rebased;
    throw new StaleUtterances(EDIT_MESSAGES.stale, stale);
  }
  const applied = applyRefusing(ctx, op);
  return isNoOp(applied) ? null : applied;
}

/**
 * A stale word edit applied as its changes against the version it was computed on, over the
 * words as they now are; null when that version is gone from the history or the request is no
 * plain edit of it. The same word changed on both sides is a 409 naming the words.
 */
function rebase(
  ctx: OpContext,
  op: Extract<TranscriptOp, { type: "update_words" }>,
  version: number | undefined,
  earlier: EarlierState,
): AppliedOp | null {
  const current = ctx.utterance(op.utteranceId);
  const base = current && version !== undefined ? earlier(op.utteranceId, version) : undefined;
  if (!current || !base) return null;
  const merged = mergeWordEdit(base.transcriptWords, current.transcriptWords, op.words);
  if (merged.kind === "unmergeable") return null;
  if (merged.kind === "conflict") {
    throw new StaleUtterances(EDIT_MESSAGES.stale, [current], [{ utterance_id: current.id, word_ids: merged.wordIds }]);
  }
  // Recorded as what it changes now, so undoing it leaves the others' changes in place.
  return applyRefusing(ctx, { ...op, words: merged.words });
}

/** The rules' answer, their refusals as the API's. */
export function applyRefusing(ctx: OpContext, op: TranscriptOp): AppliedOp {
  try {
    return applyOp(ctx, op);
  } catch (error) {
    if (error instanceof OpError) throw new Refusal(error.status, error.message);
    throw error;
  }
}

const isNoOp = (applied: AppliedOp) => applied.change.utterances.length === 0 && !applied.change.speakers?.length && !applied.change.fields;

/** The versions the client sent that no longer match. */
function staleOnes(ctx: OpContext, req: OpRequest, op: TranscriptOp): UtteranceState[] {
  const expected: [string, number | undefined][] =
    req.type === "merge"
      ? [
          [req.targetUtteranceId, req.version],
          [op.type === "merge" ? op.sourceUtteranceId : "", req.sourceVersion],
        ]
      : [[req.utteranceId, req.version]];
  return expected.flatMap(([id, version]) => {
    const current = version === undefined ? undefined : ctx.utterance(id);
    return current && current.version !== version ? [current] : [];
  });
}
