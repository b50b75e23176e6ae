// Operations over a whole transcript in the user's store: replace all and speaker merge. Each is
// planned by core/replace-plan.ts and core/speaker-merge-plan.ts and
// written as one history entry that names only what it touched, in one transaction.
import type { ReplaceSpec } from "../../core/replace-spec";
import { replacedCount } from "../../core/transcript-apply";
import { nowIso } from "../../common/time";
import { decodeChange } from "../../core/change-codec";
import { mergedOutcome, planSpeakerMerge } from "../../core/speaker-merge-plan";
import { type EditOutcome, recordOf } from "../../core/outcome";
import { type ReplaceOutcome, nothingReplaced, planReplace, replaceAnswer, replacedOutcome } from "../../core/replace-plan";
import { commitInStore, movedNow } from "./commit";
import { speakerRows } from "./details";
import { storeIds } from "./layout";
import { entryAt, transcriptKey } from "./operations";
import { type RequestKey, seenRequest } from "./request-keys";
import { states } from "./read";
import { speakerKey, statesById } from "./rows";

/** The entry a known key's request wrote (empty once dropped); undefined for a new key; 422 for another request. */
function knownEntry(sql: SqlStorage, transcript: number, key: RequestKey | null) {
  const seen = seenRequest(sql, transcript, key);
  return seen && (entryAt(sql, transcript, seen.seq) ?? { change: JSON.stringify({ utterances: [] }), summary: "" });
}

/** Replaces every match; a known Idempotency-Key answers what the first request did. 422 past the match limit. */
export function replaceAll(storage: DurableObjectStorage, fileId: string, spec: ReplaceSpec, key: RequestKey | null): ReplaceOutcome {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const known = knownEntry(sql, transcript, key);
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
      ...recordOf(applied, key?.id ?? null, key?.request),
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
  key: RequestKey | null,
): EditOutcome {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const known = knownEntry(sql, transcript, key);
    if (known) {
      const moves = decodeChange(known.change).speakerMoves;
      return {
        result: { utterances: [], removedUtteranceIds: [], moved: movedNow(sql, transcript, moves?.utteranceIds ?? []) },
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
    return mergedOutcome(plan.change, commitInStore(sql, transcript, { ...recordOf(plan, key?.id ?? null, key?.request), now: nowIso() }));
  });
}
