// Editing operations on a transcript in the user's store: read what the operation needs, apply
// the shared pure rules (common/transcript-apply.ts), write it with its history entry, all in
// one synchronous transaction. Idempotent (core/decide.ts): a known
// Idempotency-Key (request-keys.ts), or a repeated operation whose result is already there, applies nothing.
import { type OpContext, wordTimeLimit } from "../../core/transcript-apply";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { requestedOp, touches, type OpRequest } from "../../core/operations";
import { nowIso } from "../../common/time";
import { decodeChange } from "../../core/change-codec";
import { type EditOutcome, appliedOutcome, publicState, recordOf } from "../../core/outcome";
import { decide } from "../../core/decide";
import { stateAtVersion } from "../../core/history";
import type { UtteranceState } from "../../core/change";
import { conflict, notFound } from "../../core/refusal";
import { defaultSpeakerName } from "../../core/speaker-stats";
import { commitInStore } from "./commit";
import { looksDerived, storeIds } from "./layout";
import { type RequestKey, seenRequest } from "./request-keys";
import { idFree, locateUtterance, stateAfter, statesById, wordIdInUse } from "./rows";

/** The store's key of the file's transcript; the Worker only calls for files D1 says the store holds. */
export function transcriptKey(sql: SqlStorage, fileId: string): number {
  const row = sql.exec<{ id: number }>("SELECT id FROM transcripts WHERE file_id = ?", fileId).toArray()[0];
  if (!row) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  return row.id;
}

/** The answer for a request that applied nothing: the named utterances as they are, missing ones as removed. */
export function unchanged(sql: SqlStorage, transcript: number, ids: readonly string[]): EditOutcome {
  const states = [...statesById(sql, transcript, ids, true).values()].sort((a, b) => a.position - b.position).map(publicState);
  const present = new Set(states.map((u) => u.id));
  return {
    result: { utterances: states, removedUtteranceIds: [...new Set(ids)].filter((id) => !present.has(id)) },
    change: null,
    detailsChanged: false,
    rowsWritten: 0,
  };
}

function context(sql: SqlStorage, transcript: number, req: OpRequest) {
  const ids = touches(req);
  const [mainId, otherId] = ids as [string, string | undefined];
  const byId = statesById(sql, transcript, ids, true);
  if (otherId !== undefined && !byId.has(otherId)) {
    // An id in use anywhere in the store cannot name a split's new half (rule 10).
    if (req.type === "split" && !idFree(sql, otherId)) throw conflict(EDIT_MESSAGES.splitIdTaken);
    // Another transcript's utterance, or one of another store, is not "already merged": it is not found.
    const foreign = looksDerived(otherId) && storeIds(sql).key(otherId, "n") === null;
    if (req.type === "merge" && (foreign || locateUtterance(sql, otherId))) throw notFound(EDIT_MESSAGES.utteranceNotFound);
  }
  const main = byId.get(mainId);
  const next = main ? (stateAfter(sql, transcript, main.orderKey, main.position) ?? undefined) : undefined;
  if (next && !byId.has(next.id)) byId.set(next.id, next);
  const speakers = new Map<string, string>();
  if (req.type === "set_speaker") {
    const rows = sql.exec<{ id: number; client_id: string | null; name: string | null; position: number }>(
      "SELECT id, client_id, name, position FROM speakers WHERE transcript = ?",
      transcript,
    );
    const ids = storeIds(sql);
    for (const s of rows) speakers.set(ids.speaker(s.id, s.client_id), s.name ?? defaultSpeakerName(s));
  }
  const ctx: OpContext = {
    utterance: (id) => byId.get(id),
    next: (id) => (id === mainId ? next : undefined),
    speakerName: (id) => speakers.get(id),
  };
  if (req.type === "update_words" && main) {
    const { duration } = sql.exec<{ duration: number }>("SELECT duration FROM transcripts WHERE id = ?", transcript).one();
    const key = locateUtterance(sql, mainId)!.key;
    ctx.timeLimit = wordTimeLimit(duration);
    ctx.wordIdInUse = (id) => wordIdInUse(sql, transcript, id, key);
  }
  return { ctx, next };
}

/**
 * An utterance as it was at `version`, from the history entries up to the pointer that name it,
 * newest first (core/history.ts walks them); read only for a stale word edit (decision 052).
 */
function earlierState(sql: SqlStorage, transcript: number, current: UtteranceState | undefined, version: number) {
  if (!current || version >= current.version) return undefined;
  const rows = sql.exec<{ change: string }>(
    `SELECT change FROM history WHERE transcript = ?1
       AND seq <= (SELECT history_index FROM transcripts WHERE id = ?1)
       AND (instr(change, ?2) > 0 OR instr(change, '"retranscribed"') > 0)
     ORDER BY seq DESC`,
    transcript,
    JSON.stringify(current.id),
  );
  // Decoded one at a time: the walk usually stops at the first entry or two.
  const changes = (function* () {
    for (const row of rows) yield decodeChange(row.change);
  })();
  return stateAtVersion(current, version, changes);
}

/** A history entry's stored change and summary; undefined once it was dropped. */
export const entryAt = (sql: SqlStorage, transcript: number, seq: number) =>
  sql
    .exec<{ change: string; summary: string }>("SELECT change, summary FROM history WHERE transcript = ? AND seq = ?", transcript, seq)
    .toArray()[0];

export function runOperation(storage: DurableObjectStorage, fileId: string, req: OpRequest, key: RequestKey | null): EditOutcome {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const seen = seenRequest(sql, transcript, key);
    // Seen before: answer what the first request left, apply nothing.
    if (seen) {
      const entry = entryAt(sql, transcript, seen.seq);
      return unchanged(sql, transcript, entry ? decodeChange(entry.change).utterances.map((u) => u.id) : []);
    }

    const { ctx, next } = context(sql, transcript, req);
    const op = requestedOp(req, next?.id);
    const named = touches(op);
    const applied = decide(ctx, req, op, (id, version) => earlierState(sql, transcript, ctx.utterance(id), version));
    if (!applied) return unchanged(sql, transcript, named);
    return appliedOutcome(applied, commitInStore(sql, transcript, { ...recordOf(applied, key?.id ?? null, key?.request), now: nowIso() }));
  });
}
