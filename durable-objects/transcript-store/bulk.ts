// Operations over a whole transcript in the user's store: replace all and speaker merge. Each is
// planned by core/replace-plan.ts and core/speaker-merge-plan.ts and
// written as one history entry that names only what it touched, in one transaction.
import type { ReplaceSpec } from "../../common/replace-match";
import { replacedCount } from "../../common/transcript-apply";
import { nowIso } from "../../common/time";
import { decodeChange } from "../../core/change-codec";
import { mergedOutcome, planSpeakerMerge } from "../../core/speaker-merge-plan";
import { type EditOutcome, recordOf } from "../../core/outcome";
import { type ReplaceOutcome, nothingReplaced, planReplace, replaceAnswer, replacedOutcome } from "../../core/replace-plan";
import { commitInStore, movedRows } from "./commit";
import { speakerRows } from "./details";
import { storeIds } from "./layout";
import { transcriptKey } from "./operations";
import { states } from "./read";
import { locateUtterance, speakerKey, statesById } from "./rows";

function knownEntry(sql: SqlStorage, transcript: number, opId: string | null) {
  if (!opId) return undefined;
  return sql
    .exec<{ change: string; summary: string }>("SELECT change, summary FROM history WHERE transcript = ? AND op_id = ?", transcript, opId)
    .toArray()[0];
}

/** Replaces every match; a known Idempotency-Key answers what the first request did. 422 past the match limit. */
export function replaceAll(storage: DurableObjectStorage, fileId: string, spec: ReplaceSpec, opId: string | null): ReplaceOutcome {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const known = knownEntry(sql, transcript, opId);
    if (known) {
      const recorded = decodeChange(known.change);
      const current = [
        ...statesById(
          sql,
          transcript,
          recorded.utterances.map((u) => u.id),
          true,
        ).values(),
      ];
      current.sort((a, b) => a.position - b.position);
      const result = replaceAnswer(replacedCount(known.summary), recorded, { utterances: current, removedUtteranceIds: [] });
      return { result, change: null, detailsChanged: false, rowsWritten: 0 };
    }
    const utterances = states(sql, transcript);
    const applied = planReplace(utterances, spec);
    if (!applied) return nothingReplaced();
    const committed = commitInStore(sql, transcript, {
      ...recordOf(applied, opId),
      now: nowIso(),
      // Replacing words moves no utterance: the positions read above still hold.
      knownPositions: new Map(utterances.map((u) => [u.id, u.position])),
    });
    return replacedOutcome(applied, committed);
  });
}

/** Every utterance of `speakerId` becomes `intoSpeakerId`'s and the speaker goes; one entry undoes both. */
export function mergeSpeakers(
  storage: DurableObjectStorage,
  fileId: string,
  speakerId: string,
  intoSpeakerId: string,
  opId: string | null,
): EditOutcome {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const known = knownEntry(sql, transcript, opId);
    if (known) {
      const moves = decodeChange(known.change).speakerMoves;
      const keys = (moves?.utteranceIds ?? []).flatMap((id) => {
        const at = locateUtterance(sql, id);
        return at && at.transcript === transcript ? [at.key] : [];
      });
      return {
        result: { utterances: [], removedUtteranceIds: [], moved: movedRows(sql, keys) },
        change: null,
        detailsChanged: false,
        rowsWritten: 0,
      };
    }
    const from = speakerKey(sql, transcript, speakerId);
    const ids = storeIds(sql);
    const movedIds =
      from === null
        ? []
        : sql
            .exec<{ id: number; client_id: string | null }>(
              "SELECT id, client_id FROM utterances WHERE transcript = ? AND speaker = ? ORDER BY order_key",
              transcript,
              from,
            )
            .toArray()
            .map((r) => ids.utterance(r.id, r.client_id));
    const plan = planSpeakerMerge(speakerRows(sql, transcript), speakerId, intoSpeakerId, movedIds);
    return mergedOutcome(plan.change, commitInStore(sql, transcript, { ...recordOf(plan, opId), now: nowIso() }));
  });
}
