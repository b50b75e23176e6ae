// What the rules make of an editing request against the rows as read (transcript-apply.ts
// applies it): the change to commit, nothing (already applied), or a refusal.
import { applyOp, OpError, type OpContext } from "./transcript-apply";
import { EDIT_MESSAGES } from "./edit-limits";
import type { AppliedOp, UtteranceState } from "./change";
import type { OpRequest, TranscriptOp } from "./operations";
import { Refusal, StaleUtterances } from "./refusal";

/**
 * The change to commit, or null when there is nothing to write (already applied). StaleUtterances
 * when a sent version no longer matches and the request's result is not already there; Refusal
 * for what the rules refuse.
 */
export function decide(ctx: OpContext, req: OpRequest, op: TranscriptOp): AppliedOp | null {
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
    throw new StaleUtterances(EDIT_MESSAGES.stale, stale);
  }
  const applied = applyRefusing(ctx, op);
  return isNoOp(applied) ? null : applied;
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
