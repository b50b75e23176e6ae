// Speakers, summary and notes: each change is recorded in the edit history
// (speaker_edited, summary_edited, notes_edited) and undone like any other,
// through the same one-batch commit as the utterance operations. Each reads,
// computes and commits inside `commitWithRetry`, so a retry sees the rows anew.
import type { SpeakerDto } from "../../common/transcript";
import { DETAILS_MESSAGES } from "../../common/transcript-details";
import type { Change, HistoryType, SpeakerState, TranscriptFields } from "../../common/transcript-ops";
import type { TranscriptRow } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { commitChange, commitWithRetry } from "./commit";
import type { EditOutcome } from "./operations";
import { defaultSpeakerName, listSpeakers } from "./read";

export interface SpeakerRowLite {
  id: string;
  originalLabel: string;
  name: string | null;
  role: string | null;
  position: number;
}

async function speakerRows(db: D1Database, transcriptId: string): Promise<SpeakerRowLite[]> {
  const { results } = await db
    .prepare("SELECT id, original_label AS originalLabel, name, role, position FROM speakers WHERE transcript_id = ? ORDER BY position")
    .bind(transcriptId)
    .all<SpeakerRowLite>();
  return results;
}

const state = (row: SpeakerRowLite): SpeakerState => ({
  id: row.id,
  originalLabel: row.originalLabel,
  name: row.name,
  role: row.role,
  position: row.position,
});
const displayName = (row: Pick<SpeakerRowLite, "name" | "position">) => row.name ?? defaultSpeakerName(row);

/** A change to speakers or fields, and how the history names it: the same in every store. */
export interface DetailsPlan {
  change: Change;
  type: HistoryType;
  summary: string;
}

/** A new speaker with the next free number ("Speaker 5") and the given id. */
export function planSpeakerCreate(
  rows: readonly SpeakerRowLite[],
  id: string,
  input: { name?: string | undefined; role: string | null },
): DetailsPlan & { created: SpeakerState } {
  const position = rows.reduce((max, r) => Math.max(max, r.position + 1), 0);
  const label = defaultSpeakerName({ position });
  const created: SpeakerState = { id, originalLabel: label, name: input.name ?? null, role: input.role, position };
  return {
    change: { utterances: [], speakers: [{ id, before: null, after: created }] },
    type: "speaker_edited",
    summary: `Added ${input.name ?? label}`,
    created,
  };
}

/** A rename and/or role change; null when nothing changes. */
export function planSpeakerUpdate(row: SpeakerRowLite, input: { name: string; role: string | null }): DetailsPlan | null {
  if (row.name === input.name && row.role === input.role) return null;
  const after: SpeakerState = { ...state(row), name: input.name, role: input.role };
  const summary =
    displayName(row) !== input.name
      ? `Renamed "${displayName(row)}" → "${input.name}"`
      : input.role
        ? `Set the role of ${input.name} to "${input.role}"`
        : `Removed the role of ${input.name}`;
  return { change: { utterances: [], speakers: [{ id: row.id, before: state(row), after }] }, type: "speaker_edited", summary };
}

/** Only a speaker without utterances can go (409 otherwise). */
export function planSpeakerDelete(row: SpeakerRowLite, used: boolean): DetailsPlan & { label: string } {
  if (used) throw new ApiError(409, DETAILS_MESSAGES.speakerHasUtterances);
  const label = displayName(row);
  return {
    change: { utterances: [], speakers: [{ id: row.id, before: state(row), after: null }] },
    type: "speaker_edited",
    summary: `Deleted ${label}`,
    label,
  };
}

/** Summary and/or notes against the ones seen; null when neither changes. */
export function planFields(seen: Pick<TranscriptRow, "summary" | "notes">, input: TranscriptFields): DetailsPlan | null {
  const before: TranscriptFields = {};
  const after: TranscriptFields = {};
  if (input.summary !== undefined && input.summary !== seen.summary) {
    before.summary = seen.summary;
    after.summary = input.summary;
  }
  if (input.notes !== undefined && input.notes !== seen.notes) {
    before.notes = seen.notes;
    after.notes = input.notes;
  }
  const summaryChanged = "summary" in after;
  const notesChanged = "notes" in after;
  if (!summaryChanged && !notesChanged) return null;
  const type: HistoryType = summaryChanged && !notesChanged ? "summary_edited" : notesChanged && !summaryChanged ? "notes_edited" : "other";
  const summary = summaryChanged && notesChanged ? "Edited summary and notes" : summaryChanged ? "Edited summary" : "Edited notes";
  return { change: { utterances: [], fields: { before, after } }, type, summary };
}

/** The outcome of a recorded details change: nothing in the utterance list moved. */
export const detailsOutcome = (change: Change, rowsWritten: number): EditOutcome => ({
  result: { utterances: [], removedUtteranceIds: [] },
  change,
  detailsChanged: true,
  rowsWritten,
});

async function record(db: D1Database, transcriptId: string, { change, type, summary }: DetailsPlan): Promise<EditOutcome> {
  const committed = await commitChange(db, {
    transcriptId,
    change,
    history: { record: { type, summary, change, opId: null } },
    now: nowIso(),
  });
  return detailsOutcome(change, committed.rowsWritten);
}

/** A new speaker with the next free number ("Speaker 5"), optionally named and with a role. */
export async function createSpeaker(
  d1: D1Database,
  db: Db,
  transcript: Pick<TranscriptRow, "id">,
  input: { name?: string | undefined; role: string | null },
): Promise<{ outcome: EditOutcome; speaker: SpeakerDto }> {
  const { outcome, created } = await commitWithRetry(async () => {
    const plan = planSpeakerCreate(await speakerRows(d1, transcript.id), crypto.randomUUID(), input);
    return { outcome: await record(d1, transcript.id, plan), created: plan.created };
  });
  const speaker = (await listSpeakers(db, transcript.id)).find((s) => s.id === created.id)!;
  return { outcome, speaker };
}

async function ownedSpeaker(d1: D1Database, transcriptId: string, speakerId: string): Promise<SpeakerRowLite> {
  const row = (await speakerRows(d1, transcriptId)).find((r) => r.id === speakerId);
  if (!row) throw notFound(DETAILS_MESSAGES.speakerNotFound);
  return row;
}

/** Rename and/or change the role. */
export async function updateSpeaker(
  d1: D1Database,
  transcript: Pick<TranscriptRow, "id">,
  speakerId: string,
  input: { name: string; role: string | null },
): Promise<EditOutcome | null> {
  return commitWithRetry(async () => {
    const plan = planSpeakerUpdate(await ownedSpeaker(d1, transcript.id, speakerId), input);
    return plan ? record(d1, transcript.id, plan) : null;
  });
}

/** Only a speaker without utterances can go. */
export async function deleteSpeaker(
  d1: D1Database,
  transcript: Pick<TranscriptRow, "id">,
  speakerId: string,
): Promise<{ outcome: EditOutcome; label: string }> {
  return commitWithRetry(async () => {
    const row = await ownedSpeaker(d1, transcript.id, speakerId);
    const used = await d1
      .prepare("SELECT 1 FROM utterances WHERE transcript_id = ? AND speaker_id = ? LIMIT 1")
      .bind(transcript.id, speakerId)
      .first();
    const plan = planSpeakerDelete(row, Boolean(used));
    return { outcome: await record(d1, transcript.id, plan), label: plan.label };
  });
}

/** Summary and/or notes (already trimmed; empty is null). */
export async function updateFields(
  d1: D1Database,
  transcript: Pick<TranscriptRow, "id" | "summary" | "notes">,
  input: TranscriptFields,
): Promise<EditOutcome | null> {
  return commitWithRetry(async (attempt) => {
    // The caller's row serves the first attempt; a retry reads the fields again.
    const seen = attempt === 1 ? transcript : await currentFields(d1, transcript.id);
    const plan = planFields(seen, input);
    return plan ? record(d1, transcript.id, plan) : null;
  });
}

async function currentFields(d1: D1Database, transcriptId: string): Promise<Pick<TranscriptRow, "summary" | "notes">> {
  const row = await d1
    .prepare("SELECT summary, notes FROM transcripts WHERE id = ?")
    .bind(transcriptId)
    .first<Pick<TranscriptRow, "summary" | "notes">>();
  if (!row) throw notFound();
  return row;
}
