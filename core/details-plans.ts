// Speakers, summary and notes: what each change writes and how the edit history names it
// (speaker_edited, summary_edited, notes_edited); undone like any other change.
import type { SpeakerDto } from "./transcript";
import { DETAILS_LIMITS, DETAILS_MESSAGES } from "./details-limits";
import type { Change, HistoryType, SpeakerState, TranscriptFields } from "./change";
import type { EditOutcome } from "./outcome";
import { conflict, unprocessable } from "./refusal";
import { defaultSpeakerName, nextSpeakerPosition, type SpeakerShare } from "./speaker-stats";

export interface SpeakerRowLite {
  id: string;
  originalLabel: string;
  name: string | null;
  role: string | null;
  position: number;
}

const displayName = (row: Pick<SpeakerRowLite, "name" | "position">) => row.name ?? defaultSpeakerName(row);

const state = (row: SpeakerRowLite): SpeakerState => ({
  id: row.id,
  originalLabel: row.originalLabel,
  name: row.name,
  role: row.role,
  position: row.position,
});

/** A speaker as the API shows it, with its share of the utterances and of the speaking time. */
export function toSpeakerDto(row: SpeakerRowLite, share: SpeakerShare): SpeakerDto {
  return {
    id: row.id,
    originalLabel: row.originalLabel,
    name: row.name,
    role: row.role,
    displayName: displayName(row),
    position: row.position,
    ...share,
  };
}

/** A change to speakers or fields, and how the history names it. */
export interface DetailsPlan {
  change: Change;
  type: HistoryType;
  summary: string;
}

/** A new speaker with the next free number ("Speaker 5") and the given id; 422 past the cap on speakers. */
export function planSpeakerCreate(
  rows: readonly SpeakerRowLite[],
  id: string,
  input: { name?: string | undefined; role: string | null },
): DetailsPlan & { created: SpeakerState } {
  if (rows.length >= DETAILS_LIMITS.speakersMax) throw unprocessable(DETAILS_MESSAGES.tooManySpeakers);
  const position = nextSpeakerPosition(rows);
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
  if (used) throw conflict(DETAILS_MESSAGES.speakerHasUtterances);
  const label = displayName(row);
  return {
    change: { utterances: [], speakers: [{ id: row.id, before: state(row), after: null }] },
    type: "speaker_edited",
    summary: `Deleted ${label}`,
    label,
  };
}

/** Summary and/or notes against the ones seen; null when neither changes. */
export function planFields(seen: { summary: string | null; notes: string | null }, input: TranscriptFields): DetailsPlan | null {
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
