// Editing operations on a transcript (update words, split, merge, change
// speaker): read what the operation needs, validate and apply it with the
// shared pure rules (common/transcript-apply.ts), then commit it with its
// history row in one batch. Idempotent: a known Idempotency-Key or a repeated
// operation whose result is already there applies nothing.
import { applyOp, OpError, type OpContext } from "../../common/transcript-apply";
import type { UtteranceDto } from "../../common/transcript";
import {
  EDIT_MESSAGES,
  requestedOp,
  touches,
  type AppliedOp,
  type Change,
  type OperationResultDto,
  type OpRequest,
  type TranscriptOp,
  type UtteranceState,
} from "../../common/transcript-ops";
import type { TranscriptRow, UtteranceRow } from "../db/schema";
import { ApiError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { decodeChange, type RecordedChange } from "./change-codec";
import { commitChange, CommitConflict, type CommitResult, commitWithRetry, detailsChanged } from "./commit";
import { currentStates, defaultSpeakerName, WITH_POSITION, type PositionedRow } from "./read";
import { publicState, toUtteranceState, UTTERANCE_COLUMNS } from "./rows";

/** What an edit (or undo/redo) did; `change` is null when nothing was written. */
export interface EditOutcome {
  result: OperationResultDto;
  change: Change | null;
  /** For the live push: whether statistics, speakers or fields changed too. */
  detailsChanged: boolean;
  rowsWritten: number;
}

/** 409 with the utterances as they now are, so the client can reload them. */
export class StaleUtterancesError extends ApiError {
  readonly utterances: UtteranceDto[];
  constructor(utterances: UtteranceDto[]) {
    super(409, EDIT_MESSAGES.stale);
    this.utterances = utterances.map(publicState);
  }
}

/** The answer for a request that applied nothing: the named utterances as they are, missing ones as removed. */
async function unchanged(db: D1Database, transcriptId: string, ids: readonly string[]): Promise<EditOutcome> {
  const states = await currentStates(db, transcriptId, ids);
  const present = new Set(states.map((u) => u.id));
  return {
    result: { utterances: states, removedUtteranceIds: [...new Set(ids)].filter((id) => !present.has(id)) },
    change: null,
    detailsChanged: false,
    rowsWritten: 0,
  };
}

interface Loaded {
  /** The change recorded under the request's Idempotency-Key, if any. */
  known: RecordedChange | null;
  ctx: OpContext;
  op: TranscriptOp;
  /** Ids the request names (for no-op answers). */
  named: string[];
}

/** Everything an operation needs, in one consistent read (one batch). */
async function load(db: D1Database, transcriptId: string, req: OpRequest, opId: string | null): Promise<Loaded> {
  const ids = touches(req);
  const [mainId, otherId] = ids as [string, string | undefined];
  const statements = [
    // Not limited to this transcript: an id taken anywhere cannot be reused by a split.
    db.prepare(`SELECT ${WITH_POSITION} FROM utterances u WHERE u.id IN (${ids.map(() => "?").join(",")})`).bind(...ids),
    db
      .prepare(
        `SELECT ${UTTERANCE_COLUMNS} FROM utterances
         WHERE transcript_id = ?1 AND order_key > (SELECT order_key FROM utterances WHERE id = ?2 AND transcript_id = ?1)
         ORDER BY order_key LIMIT 1`,
      )
      .bind(transcriptId, mainId),
    db.prepare("SELECT change FROM edit_operations WHERE transcript_id = ? AND op_id = ?").bind(transcriptId, opId),
    db.prepare("SELECT id, name, position FROM speakers WHERE transcript_id = ?").bind(req.type === "set_speaker" ? transcriptId : null),
  ];
  const [rows, nextRows, known, speakerRows] = await db.batch(statements);
  const byId = new Map<string, UtteranceState>();
  for (const row of rows!.results as PositionedRow[]) {
    if (row.transcriptId === transcriptId) byId.set(row.id, toUtteranceState(row, row.position));
    else if (row.id === otherId && req.type === "split") throw new ApiError(409, EDIT_MESSAGES.splitIdTaken);
    // Another transcript's utterance is not "already merged": it is not found.
    else if (row.id === otherId && req.type === "merge") throw new ApiError(404, EDIT_MESSAGES.utteranceNotFound);
  }
  const main = byId.get(mainId);
  const nextRow = nextRows!.results[0] as UtteranceRow | undefined;
  const next = nextRow && main ? toUtteranceState(nextRow, main.position + 1) : undefined;
  if (next && !byId.has(next.id)) byId.set(next.id, next);
  const speakers = new Map(
    (speakerRows!.results as { id: string; name: string | null; position: number }[]).map((s) => [s.id, s.name ?? defaultSpeakerName(s)]),
  );
  const ctx: OpContext = {
    utterance: (id) => byId.get(id),
    next: (id) => (id === mainId ? next : undefined),
    speakerName: (id) => speakers.get(id),
  };
  const knownRow = known!.results[0] as { change: string } | undefined;
  // The spec sends merge with an empty body: the source is then whatever follows the target.
  const op = requestedOp(req, next?.id);
  const named = touches(op);
  return { known: knownRow ? await decodeChange(knownRow.change) : null, ctx, op, named };
}

/**
 * What the rules make of a request against the rows as read: the change to commit, or null when
 * there is nothing to write (already applied). StaleUtterancesError when a sent version no longer
 * matches and the request's result is not already there; ApiError for what the rules refuse.
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
    throw new StaleUtterancesError(stale);
  }
  const applied = apply(ctx, op);
  return isNoOp(applied) ? null : applied;
}

/** A user operation's change and its history entry, as either store commits it. */
export const recordOf = (applied: AppliedOp, opId: string | null) => ({
  change: applied.change,
  history: { record: { type: applied.type, summary: applied.summary, change: applied.change, opId } },
});

/** What a committed operation answers. */
export const appliedOutcome = (applied: AppliedOp, committed: CommitResult): EditOutcome => ({
  result: { utterances: committed.utterances, removedUtteranceIds: committed.removedUtteranceIds },
  change: applied.change,
  detailsChanged: detailsChanged(applied.change),
  rowsWritten: committed.rowsWritten,
});

function apply(ctx: OpContext, op: TranscriptOp): AppliedOp {
  try {
    return applyOp(ctx, op);
  } catch (error) {
    if (error instanceof OpError) throw new ApiError(error.status, error.message);
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

/**
 * Applies one editing operation to an owned transcript. Throws ApiError
 * (404/409/422) for what the rules refuse and StaleUtterancesError when a sent
 * version no longer matches, or when the rows kept changing under every attempt.
 */
export async function runOperation(
  db: D1Database,
  transcript: Pick<TranscriptRow, "id">,
  req: OpRequest,
  opId: string | null,
): Promise<EditOutcome> {
  // The utterances the latest attempt named: the 409 after the last conflict shows them as they are.
  let named: string[] = [];
  try {
    return await commitWithRetry(async () => {
      const loaded = await load(db, transcript.id, req, opId);
      const { ctx, op } = loaded;
      named = loaded.named;

      // Seen before: answer what the first request left, apply nothing.
      if (loaded.known)
        return unchanged(
          db,
          transcript.id,
          loaded.known.utterances.map((u) => u.id),
        );

      const applied = decide(ctx, req, op);
      if (!applied) return unchanged(db, transcript.id, loaded.named);
      const committed = await commitChange(db, { transcriptId: transcript.id, ...recordOf(applied, opId), now: nowIso() });
      return appliedOutcome(applied, committed);
    });
  } catch (error) {
    if (error instanceof CommitConflict) throw new StaleUtterancesError(await currentStates(db, transcript.id, named));
    throw error;
  }
}
