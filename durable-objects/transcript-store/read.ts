// Reading a transcript from the user's store in the shapes the API answers with: the same
// shapes D1's rows give (worker/transcripts/read.ts), so a client cannot tell the stores apart.
import { CompactWriter, type CompactUtterances } from "../../common/compact-utterances";
import type { SpeakerDto, TranscriptDto } from "../../common/transcript";
import type { UtteranceState } from "../../common/transcript-ops";
import { toSpeakerDto } from "../../worker/transcripts/read";
import { publicState } from "../../worker/transcripts/rows";
import { RECORD_COLUMNS, storeIds, toState, type UtteranceRecord } from "./layout";

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

/** The transcript's utterances in order, as states with their positions. */
export function states(sql: SqlStorage, transcript: number): UtteranceState[] {
  const rows = sql
    .exec<UtteranceRecord>(
      `SELECT ${RECORD_COLUMNS} FROM utterances u JOIN speakers s ON s.id = u.speaker WHERE u.transcript = ? ORDER BY u.order_key`,
      transcript,
    )
    .toArray();
  const ids = storeIds(sql);
  return rows.map((row, position) => toState(ids, row, position));
}

/** Speakers in order, with their utterance counts and share of speaking time. */
export function speakersOf(sql: SqlStorage, transcript: number, list = states(sql, transcript)): SpeakerDto[] {
  const stats = new Map<string, { count: number; seconds: number }>();
  let total = 0;
  for (const u of list) {
    const stat = stats.get(u.speakerId) ?? { count: 0, seconds: 0 };
    stat.count++;
    stat.seconds += u.endTime - u.startTime;
    stats.set(u.speakerId, stat);
  }
  for (const stat of stats.values()) total += Math.max(0, stat.seconds);
  const rows = sql
    .exec<{ id: number; client_id: string | null; original_label: string; name: string | null; role: string | null; position: number }>(
      "SELECT id, client_id, original_label, name, role, position FROM speakers WHERE transcript = ? ORDER BY position",
      transcript,
    )
    .toArray();
  return rows.map((r) => {
    const id = storeIds(sql).speaker(r.id, r.client_id);
    return toSpeakerDto({ id, originalLabel: r.original_label, name: r.name, role: r.role, position: r.position }, stats.get(id), total);
  });
}

/** The transcript of the file as GET /transcripts/{id} answers it, or null when the store has none. */
export function openTranscript(sql: SqlStorage, fileId: string): TranscriptDto | null {
  const t = transcriptOf(sql, fileId);
  if (!t) return null;
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
  const t = transcriptOf(sql, fileId);
  return t ? speakersOf(sql, t.id) : [];
}

/** Every utterance in order, as the API's JSON text ("[]" when the store has no such transcript). */
export function utterancesJson(sql: SqlStorage, fileId: string): string {
  const t = transcriptOf(sql, fileId);
  return t ? JSON.stringify(states(sql, t.id).map(publicState)) : "[]";
}

/** The same list in the compact shape (common/compact-utterances.ts). */
export function compactUtterances(sql: SqlStorage, fileId: string): CompactUtterances {
  const t = transcriptOf(sql, fileId);
  const writer = new CompactWriter();
  for (const u of t ? states(sql, t.id) : []) {
    writer.utterance(u);
    for (const w of u.transcriptWords)
      writer.word(w.id, w.text, w.startTime, w.endTime, w.confidenceScore, w.hasEntities, w.originalConfidenceScore);
  }
  return writer.finish();
}

/** Current states, in order and with positions, of the transcript's utterances among `ids`; others are absent. */
export function currentStates(sql: SqlStorage, fileId: string, ids: readonly string[]): UtteranceState[] {
  const t = transcriptOf(sql, fileId);
  if (!t) return [];
  const wanted = new Set(ids);
  // Positions count every row before: the whole order is read once (the store is local, the rows small).
  return states(sql, t.id)
    .filter((u) => wanted.has(u.id))
    .map(publicState);
}
