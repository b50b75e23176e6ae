// Reading a transcript from the user's store in the shapes the API answers with. A file the
// store does not hold answers 404, as a file that does not exist does.
import { CompactTextWriter } from "../../common/compact-utterances";
import type { SpeakerDto, TranscriptDto } from "../../core/transcript";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { UtteranceState } from "../../core/change";
import { notFound } from "../../core/refusal";
import { toSpeakerDto } from "../../core/details-plans";
import { speakerShares } from "../../core/speaker-stats";
import { publicState } from "../../core/outcome";
import { compactRowText, jsonRowText } from "./row-texts";
import { RECORD_COLUMNS, readRecords, readStoreWords, storeIds, toState, type UtteranceRecord, utteranceFields } from "./layout";

type TranscriptRecord = {
  id: number;
  api_id: string;
  file_id: string;
  summary: string | null;
  summary_type: string | null;
  summary_model: string | null;
  summary_status: string | null;
  summary_error: string | null;
  notes: string | null;
  duration: number;
  accuracy_percentage: number;
  speaker_count: number;
  word_count: number;
  transcription_service: string;
  started_at: string;
  completed_at: string;
};

function transcriptOf(sql: SqlStorage, fileId: string): TranscriptRecord | null {
  return sql.exec<TranscriptRecord>("SELECT * FROM transcripts WHERE file_id = ?", fileId).toArray()[0] ?? null;
}

/** The file's transcript, or 404: the store holds exactly its user's transcripts, so this is also the ownership check. */
function held(sql: SqlStorage, fileId: string): TranscriptRecord {
  const t = transcriptOf(sql, fileId);
  if (!t) throw notFound(EDIT_MESSAGES.transcriptNotFound);
  return t;
}

/** The transcript's utterance rows in order (the first `first` of them when given). */
function records(sql: SqlStorage, transcript: number, first?: number): UtteranceRecord[] {
  return readRecords(
    sql.exec(
      `SELECT ${RECORD_COLUMNS} FROM utterances u JOIN speakers s ON s.id = u.speaker WHERE u.transcript = ? ORDER BY u.order_key LIMIT ?`,
      transcript,
      first ?? -1,
    ),
  );
}

/** The transcript's utterances in order, as states with their positions (the first `first` when given). */
export function states(sql: SqlStorage, transcript: number, first?: number): UtteranceState[] {
  const rows = records(sql, transcript, first);
  const ids = storeIds(sql);
  return rows.map((row, position) => toState(ids, row, position));
}

/** Each utterance's speaker and times, its words decoded only where the row does not keep both times. */
function spans(sql: SqlStorage, transcript: number): Pick<UtteranceState, "speakerId" | "startTime" | "endTime">[] {
  const ids = storeIds(sql);
  return records(sql, transcript).map((row, position) =>
    row.start_time !== null && row.end_time !== null
      ? { speakerId: ids.speaker(row.speaker, row.speaker_client_id), startTime: row.start_time, endTime: row.end_time }
      : utteranceFields(ids, row, readStoreWords(row.id, row.words), position),
  );
}

/** Speakers in order, with their utterance counts and share of speaking time. */
export function speakersOf(sql: SqlStorage, transcript: number): SpeakerDto[] {
  const shareOf = speakerShares(spans(sql, transcript));
  const rows = sql
    .exec<{ id: number; client_id: string | null; original_label: string; name: string | null; role: string | null; position: number }>(
      "SELECT id, client_id, original_label, name, role, position FROM speakers WHERE transcript = ? ORDER BY position",
      transcript,
    )
    .toArray();
  return rows.map((r) => {
    const id = storeIds(sql).speaker(r.id, r.client_id);
    return toSpeakerDto({ id, originalLabel: r.original_label, name: r.name, role: r.role, position: r.position }, shareOf(id));
  });
}

/** The transcript of the file as GET /transcripts/{id} answers it. */
export function openTranscript(sql: SqlStorage, fileId: string): TranscriptDto {
  const t = held(sql, fileId);
  return {
    id: t.api_id,
    audioFileId: t.file_id,
    summary: t.summary,
    summaryType: t.summary_type as TranscriptDto["summaryType"],
    summaryModel: t.summary_model,
    summaryStatus: t.summary_status as TranscriptDto["summaryStatus"],
    summaryError: t.summary_error,
    notes: t.notes,
    speakers: speakersOf(sql, t.id),
    duration: t.duration,
    accuracyPercentage: t.accuracy_percentage,
    speakerCount: t.speaker_count,
    wordCount: t.word_count,
    transcriptionService: t.transcription_service,
    startedAt: t.started_at,
    completedAt: t.completed_at,
  };
}

export function transcriptSpeakers(sql: SqlStorage, fileId: string): SpeakerDto[] {
  return speakersOf(sql, held(sql, fileId).id);
}

/** Every utterance in order (the first `first` when given), as the API's JSON text, from each row's kept part. */
export function utterancesJson(sql: SqlStorage, fileId: string, first?: number): string {
  const ids = storeIds(sql);
  return `[${records(sql, held(sql, fileId).id, first)
    .map((row, position) => jsonRowText(ids, row, position))
    .join(",")}]`;
}

/**
 * The same list in the compact shape (common/compact-utterances.ts), as JSON text from each row's
 * kept part; text crosses RPC as one string.
 */
export function compactUtterancesJson(sql: SqlStorage, fileId: string, first?: number): string {
  const rows = records(sql, held(sql, fileId).id, first);
  const ids = storeIds(sql);
  const writer = new CompactTextWriter();
  for (let position = 0; position < rows.length; position++) writer.add(compactRowText(ids, rows[position]!), position);
  return writer.finish();
}

/** Current states, in order and with positions, of the transcript's utterances among `ids`; others are absent. */
export function currentStates(sql: SqlStorage, fileId: string, ids: readonly string[]): UtteranceState[] {
  const t = held(sql, fileId);
  const wanted = new Set(ids);
  // Positions count every row before: the whole order is read once (the store is local, the rows small).
  return states(sql, t.id)
    .filter((u) => wanted.has(u.id))
    .map(publicState);
}
