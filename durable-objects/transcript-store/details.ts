// Speakers, summary and notes of a transcript in the user's store: planned by the same rules
// by core/details-plans.ts, recorded in its history, one transaction each.
import type { SpeakerDto } from "../../core/transcript";
import { DETAILS_MESSAGES } from "../../core/details-limits";
import type { TranscriptFields } from "../../core/change";
import { notFound } from "../../core/refusal";
import { nowIso } from "../../common/time";
import {
  type DetailsPlan,
  type SpeakerRowLite,
  detailsOutcome,
  planFields,
  planSpeakerCreate,
  planSpeakerDelete,
  planSpeakerUpdate,
} from "../../core/details-plans";
import type { EditOutcome } from "../../core/outcome";
import { commitInStore } from "./commit";
import { storeIds } from "./layout";
import { transcriptKey } from "./operations";
import { speakersOf } from "./read";
import { speakerKey } from "./rows";

export function speakerRows(sql: SqlStorage, transcript: number): SpeakerRowLite[] {
  return sql
    .exec<{ id: number; client_id: string | null; original_label: string; name: string | null; role: string | null; position: number }>(
      "SELECT id, client_id, original_label, name, role, position FROM speakers WHERE transcript = ? ORDER BY position",
      transcript,
    )
    .toArray()
    .map((r) => ({
      id: storeIds(sql).speaker(r.id, r.client_id),
      originalLabel: r.original_label,
      name: r.name,
      role: r.role,
      position: r.position,
    }));
}

function ownedSpeaker(sql: SqlStorage, transcript: number, id: string): SpeakerRowLite {
  const row = speakerRows(sql, transcript).find((r) => r.id === id);
  if (!row) throw notFound(DETAILS_MESSAGES.speakerNotFound);
  return row;
}

function record(sql: SqlStorage, transcript: number, { change, type, summary }: DetailsPlan): EditOutcome {
  const committed = commitInStore(sql, transcript, { change, history: { record: { type, summary, change, opId: null } }, now: nowIso() });
  return detailsOutcome(change, committed.rowsWritten);
}

export function createSpeaker(
  storage: DurableObjectStorage,
  fileId: string,
  input: { name?: string | undefined; role: string | null },
): { outcome: EditOutcome; speaker: SpeakerDto } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    // The id the row will have: the next key, as an id this store derives.
    const next = (sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'speakers'").toArray()[0]?.seq ?? 0) + 1;
    const plan = planSpeakerCreate(speakerRows(sql, transcript), storeIds(sql).speaker(next, null), input);
    const outcome = record(sql, transcript, plan);
    return { outcome, speaker: speakersOf(sql, transcript).find((s) => s.id === plan.created.id)! };
  });
}

export function updateSpeaker(
  storage: DurableObjectStorage,
  fileId: string,
  id: string,
  input: { name: string; role: string | null },
): { outcome: EditOutcome | null; speaker: SpeakerDto } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const plan = planSpeakerUpdate(ownedSpeaker(sql, transcript, id), input);
    const outcome = plan ? record(sql, transcript, plan) : null;
    return { outcome, speaker: speakersOf(sql, transcript).find((s) => s.id === id)! };
  });
}

export function deleteSpeaker(storage: DurableObjectStorage, fileId: string, id: string): { outcome: EditOutcome; label: string } {
  const { sql } = storage;
  return storage.transactionSync(() => {
    const transcript = transcriptKey(sql, fileId);
    const row = ownedSpeaker(sql, transcript, id);
    const used = sql
      .exec("SELECT 1 FROM utterances WHERE transcript = ? AND speaker = ? LIMIT 1", transcript, speakerKey(sql, transcript, id))
      .toArray();
    const plan = planSpeakerDelete(row, used.length > 0);
    return { outcome: record(sql, transcript, plan), label: plan.label };
  });
}

export function updateFields(storage: DurableObjectStorage, fileId: string, input: TranscriptFields): EditOutcome | null {
  return storage.transactionSync(() => updateFieldsIn(storage.sql, transcriptKey(storage.sql, fileId), input));
}

/** Inside the caller's transaction. */
export function updateFieldsIn(sql: SqlStorage, transcript: number, input: TranscriptFields): EditOutcome | null {
  const seen = sql
    .exec<{ summary: string | null; notes: string | null }>("SELECT summary, notes FROM transcripts WHERE id = ?", transcript)
    .one();
  const plan = planFields(seen, input);
  return plan ? record(sql, transcript, plan) : null;
}
