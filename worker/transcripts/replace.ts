// Replace all (POST /transcripts/{id}/replace): one operation over the whole
// transcript. Reads every utterance once, finds the matches with the rule the
// editor uses (common/replace-match.ts), applies them as update_words of the
// touched utterances (common/transcript-apply.ts) and commits that one change
// with one history row: only the touched utterances are written.
import { applyOp, OpError, replacedCount, type OpContext } from "../../common/transcript-apply";
import { findInText, normalizeFind, REPLACE_LIMITS, REPLACE_MESSAGES, utteranceText, type ReplaceSpec } from "../../common/replace-match";
import type { AppliedOp, ReplaceAllOp, ReplaceResultDto, UtteranceState } from "../../common/transcript-ops";
import type { TranscriptRow } from "../db/schema";
import { ApiError, unprocessable } from "../lib/errors";
import { nowIso } from "../lib/time";
import { decodeChange, type RecordedChange } from "./change-codec";
import { commitChange, type CommitResult, commitWithRetry } from "./commit";
import { appliedOutcome, type EditOutcome, recordOf } from "./operations";
import { currentStates } from "./read";
import { fromRaw, rawUtteranceColumns, toUtteranceState } from "./rows";

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
  let applied: AppliedOp;
  try {
    applied = applyOp(ctx, op);
  } catch (error) {
    if (error instanceof OpError) throw new ApiError(error.status, error.message);
    throw error;
  }
  return applied.change.utterances.length ? applied : null;
}

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

async function readAll(db: D1Database, transcriptId: string): Promise<UtteranceState[]> {
  const rows = await db
    .prepare(`SELECT ${rawUtteranceColumns()} FROM utterances WHERE transcript_id = ? ORDER BY order_key`)
    .bind(transcriptId)
    .raw();
  return rows.map((row, position) => toUtteranceState(fromRaw(row), position));
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

/**
 * Replaces every match in an owned transcript. Idempotent by key: a known
 * Idempotency-Key answers what the first request did and writes nothing.
 * 422 when there are more than REPLACE_LIMITS.matchesMax matches.
 */
export async function runReplace(
  db: D1Database,
  transcript: Pick<TranscriptRow, "id">,
  spec: ReplaceSpec,
  opId: string | null,
): Promise<ReplaceOutcome> {
  return commitWithRetry(async () => {
    const [known, utterances] = await Promise.all([
      db
        .prepare("SELECT change, summary FROM edit_operations WHERE transcript_id = ? AND op_id = ?")
        .bind(transcript.id, opId)
        .first<{ change: string; summary: string }>(),
      readAll(db, transcript.id),
    ]);
    if (known) {
      const recorded = await decodeChange(known.change);
      const ids = recorded.utterances.map((u) => u.id);
      const states = await currentStates(db, transcript.id, ids);
      const result = replaceAnswer(replacedCount(known.summary), recorded, { utterances: states, removedUtteranceIds: [] });
      return { result, change: null, detailsChanged: false, rowsWritten: 0 };
    }

    const applied = planReplace(utterances, spec);
    if (!applied) return nothingReplaced();
    const committed = await commitChange(db, {
      transcriptId: transcript.id,
      ...recordOf(applied, opId),
      now: nowIso(),
      // Replacing words moves no utterance: the positions read above still hold.
      knownPositions: new Map(utterances.map((u) => [u.id, u.position])),
    });
    return replacedOutcome(applied, committed);
  });
}
