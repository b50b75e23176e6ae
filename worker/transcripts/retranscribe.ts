// Re-transcribing a file that already has a transcript (decision 017): the new
// recognition is merged in (worker/transcripts/retranscribe-merge.ts) as one
// history entry, whose undo and redo swap whole transcripts kept in snapshot
// tables (a 3-hour transcript is MBs: never inside the history row's JSON).
import type { Change, OperationResultDto } from "../../common/transcript-ops";
import type { Db } from "../db/client";
import { readyStatement } from "../library/file-status";
import { isConstraintViolation } from "../lib/d1-errors";
import { newId } from "../../common/ids";
import { nowIso } from "../lib/time";
import type { RecordedChange } from "./change-codec";
import { CommitConflict, commitWithRetry, historyStatements } from "./commit";
import { chunkedInserts, type TranscriptRows } from "./ingest";
import { decodeWords, encodeWords, type StoredWord } from "./stored-words";
import type { EditOutcome } from "./operations";
import { listSpeakers } from "./read";
import { matchSpeakers, planMerge, type OldUtterance } from "./retranscribe-merge";

/** The history entry's change: no row states, the transcript sides live in the snapshot tables. */
export interface RetranscriptionChange extends Change {
  retranscribed: { kept: number; discarded: boolean };
}

export const isRetranscription = (change: Change | RecordedChange): change is RetranscriptionChange => "retranscribed" in change;

/** What describes the new transcript on its file, written with the merge (and swapped by undo/redo). */
export interface FileFields {
  detectedLanguage: string | null;
  notices: string[] | null;
}

/** Those fields and the service, as D1 keeps a copy of a user's store's (decision 023, rule 4): the newest `seq` wins. */
export interface DescribedFile extends FileFields {
  service: string;
  seq: number;
}

/** What a re-transcription's history entry says: its service, and the options it ran with. */
export interface RetranscriptionLabel {
  serviceLabel: string;
  language: string | null;
  terms: string[];
}

export type MergeOutcome = { merged: true; kept: number; hadSummary: boolean } | { merged: false };

const SIDES = ["before", "after"] as const;
type Side = (typeof SIDES)[number];

const POINTER = "(SELECT history_index FROM transcripts WHERE id = ?1)";

/** The transcript as it is now into the snapshot side `side` of history entry `seq` (a pointer subquery or a number). */
function snapshotStatements(d1: D1Database, tid: string, seq: string, side: Side, seqValue?: number): D1PreparedStatement[] {
  const values = seqValue === undefined ? [tid, side] : [tid, side, seqValue];
  return [
    d1
      .prepare(
        `INSERT INTO transcript_snapshots (transcript_id, seq, side, duration, accuracy_percentage, confidence_sum, speaker_count, word_count,
           transcription_service, started_at, completed_at, detected_language, transcription_notices)
         SELECT t.id, ${seq}, ?2, t.duration, t.accuracy_percentage, t.confidence_sum, t.speaker_count, t.word_count,
           t.transcription_service, t.started_at, t.completed_at, f.detected_language, f.transcription_notices
         FROM transcripts t JOIN audio_files f ON f.id = t.audio_file_id WHERE t.id = ?1`,
      )
      .bind(...values),
    d1
      .prepare(
        `INSERT INTO snapshot_speakers (transcript_id, seq, side, id, original_label, name, role, position, created_at)
         SELECT transcript_id, ${seq}, ?2, id, original_label, name, role, position, created_at FROM speakers WHERE transcript_id = ?1`,
      )
      .bind(...values),
    d1
      .prepare(
        `INSERT INTO snapshot_utterances (transcript_id, seq, side, id, speaker_id, order_key, version, start_time, end_time,
           confidence_score, sentiment, sentiment_confidence, words, edited)
         SELECT transcript_id, ${seq}, ?2, id, speaker_id, order_key, version, start_time, end_time,
           confidence_score, sentiment, sentiment_confidence, words, edited FROM utterances WHERE transcript_id = ?1`,
      )
      .bind(...values),
  ];
}

interface Current {
  transcriptId: string;
  historyIndex: number;
  hadSummary: boolean;
  utterances: (OldUtterance & { words: StoredWord[] | null })[];
  speakers: { id: string; originalLabel: string; position: number }[];
}

/** The transcript's rows the merge needs: every utterance's place, the words of the edited ones only. */
async function readCurrent(d1: D1Database, audioFileId: string): Promise<Current | null> {
  const [head, rows, speakerRows] = await d1.batch([
    // Only D1's own content merges here; a transcript the user's object holds is replaced whole (decision 023).
    d1
      .prepare("SELECT id, history_index, summary IS NOT NULL AS s FROM transcripts WHERE audio_file_id = ? AND store = 'd1'")
      .bind(audioFileId),
    d1
      .prepare(
        `SELECT u.id, u.order_key AS orderKey, u.start_time AS startTime, u.end_time AS endTime, u.edited,
           CASE WHEN u.edited = 1 THEN u.words END AS words
         FROM utterances u WHERE u.transcript_id = (SELECT id FROM transcripts WHERE audio_file_id = ?) ORDER BY u.order_key`,
      )
      .bind(audioFileId),
    d1
      .prepare(
        "SELECT id, original_label AS originalLabel, position FROM speakers WHERE transcript_id = (SELECT id FROM transcripts WHERE audio_file_id = ?)",
      )
      .bind(audioFileId),
  ]);
  const t = head!.results[0] as { id: string; history_index: number; s: number } | undefined;
  if (!t) return null;
  type Row = { id: string; orderKey: string; startTime: number; endTime: number; edited: number; words: string | null };
  const utterances = (rows!.results as Row[]).map((r) => {
    const words = r.words === null ? null : decodeWords(r.words);
    const start = r.startTime;
    const end = r.endTime;
    return {
      id: r.id,
      orderKey: r.orderKey,
      edited: r.edited === 1,
      // A kept utterance covers its words' times as well as its own.
      span: words?.length ? { start: Math.min(start, words[0]!.s), end: Math.max(end, ...words.map((w) => w.e)) } : { start, end },
      words,
    };
  });
  return {
    transcriptId: t.id,
    historyIndex: t.history_index,
    hadSummary: t.s === 1,
    utterances,
    speakers: speakerRows!.results as Current["speakers"],
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Merges a new recognition into the file's transcript and marks the file ready, in
 * one batch guarded by the history pointer it read and the file still processing:
 * a redelivered (or concurrent) job finds the file ready and merges nothing.
 * `{merged: false}` when the file has no transcript (the caller saves a fresh one)
 * or another delivery got there first.
 */
export async function mergeRetranscription(
  d1: D1Database,
  fresh: TranscriptRows,
  fields: FileFields,
  opts: { discardCorrections: boolean; summary: (kept: number) => string },
): Promise<MergeOutcome | null> {
  const fileId = fresh.transcript.audioFileId;
  try {
    return await commitWithRetry(async () => {
      const current = await readCurrent(d1, fileId);
      if (!current) return null;
      const tid = current.transcriptId;
      const { idFor, added } = matchSpeakers(current.speakers, fresh.speakers);
      const plan = planMerge(
        current.utterances,
        fresh.utterances.map((u) => ({ ...u, speakerId: idFor.get(u.speakerId)! })),
        { discardCorrections: opts.discardCorrections },
      );
      const kept = current.utterances.filter((u) => plan.kept.some((k) => k.id === u.id));
      const keptWords = kept.flatMap((u) => u.words ?? []);
      const newWords = plan.inserted.flatMap((u) => u.words);
      const wordCount = keptWords.length + newWords.length;
      const confidenceSum = [...keptWords, ...newWords].reduce((sum, w) => sum + w.c, 0);
      const lastEnd = Math.max(0, ...kept.map((u) => u.span.end), ...plan.inserted.map((u) => u.end));
      const duration = round(fresh.transcript.duration > 0 ? fresh.transcript.duration : lastEnd, 3);
      const now = fresh.transcript.completedAt;
      const change: RetranscriptionChange = {
        utterances: [],
        retranscribed: { kept: kept.length, discarded: opts.discardCorrections },
      };
      const statements = [
        // Guard: nobody moved the history since the read, and this job is still the file's.
        d1
          .prepare(
            `UPDATE transcripts SET history_index = CASE WHEN history_index = ?1 AND store = 'd1'
               AND (SELECT status FROM audio_files WHERE id = ?2) = 'processing' THEN history_index + 1 ELSE NULL END
             WHERE id = ?3`,
          )
          .bind(current.historyIndex, fileId, tid),
        ...historyStatements(d1, tid, { type: "other", summary: opts.summary(kept.length), change, opId: null }, now),
        ...snapshotStatements(d1, tid, POINTER, "before"),
        ...chunkedInserts(
          d1,
          "INSERT INTO speakers (id, transcript_id, original_label, position, created_at)",
          5,
          added,
          (s) => [s.id, tid, s.label, s.position, now],
          () => 100,
        ),
        d1.prepare(`DELETE FROM utterances WHERE transcript_id = ?${opts.discardCorrections ? "" : " AND edited = 0"}`).bind(tid),
        ...chunkedInserts(
          d1,
          "INSERT INTO utterances (id, transcript_id, speaker_id, order_key, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words)",
          10,
          plan.inserted.map((u) => ({ ...u, id: newId(), json: encodeWords(u.words) })),
          (u) => [u.id, tid, u.speakerId, u.orderKey, u.start, u.end, u.confidence, u.sentiment, u.sentimentConfidence, u.json],
          (u) => u.json.length + 200,
        ),
        // A speaker nobody speaks as and the user never named has nothing left to keep.
        d1
          .prepare(
            `DELETE FROM speakers WHERE transcript_id = ?1 AND name IS NULL AND role IS NULL
               AND id NOT IN (SELECT speaker_id FROM utterances WHERE transcript_id = ?1)`,
          )
          .bind(tid),
        d1
          .prepare(
            `UPDATE transcripts SET duration = ?2, word_count = ?3, confidence_sum = ?4, accuracy_percentage = ?5,
               speaker_count = (SELECT count(DISTINCT speaker_id) FROM utterances WHERE transcript_id = ?1),
               transcription_service = ?6, started_at = ?7, completed_at = ?8, updated_at = ?8
             WHERE id = ?1`,
          )
          .bind(
            tid,
            duration,
            wordCount,
            confidenceSum,
            wordCount ? round((confidenceSum / wordCount) * 100, 1) : 0,
            fresh.transcript.transcriptionService,
            fresh.transcript.startedAt,
            now,
          ),
        d1
          .prepare("UPDATE audio_files SET detected_language = ?, transcription_notices = ?, discard_corrections = 0 WHERE id = ?")
          .bind(fields.detectedLanguage, fields.notices ? JSON.stringify(fields.notices) : null, fileId),
        readyStatement(d1, fileId, fresh.transcript.transcriptionService, duration, now),
      ];
      try {
        await d1.batch(statements);
      } catch (error) {
        if (!isConstraintViolation(error)) throw error;
        // Another delivery finished the file: nothing to merge. Anything else: read again.
        const status = await d1.prepare("SELECT status FROM audio_files WHERE id = ?").bind(fileId).first<string>("status");
        if (status !== "processing") return { merged: false } as const;
        throw new CommitConflict(error);
      }
      return { merged: true, kept: kept.length, hadSummary: current.hadSummary } as const;
    });
  } catch (error) {
    if (error instanceof CommitConflict) throw new Error("The transcript kept changing while the new transcription was merged");
    throw error;
  }
}

/**
 * Undo (direction "undo": the 'before' side comes back) or redo ('after') of a
 * re-transcription: the transcript as it is now is kept as the other side first,
 * so the two can be swapped any number of times. Rows that exist on both sides
 * are updated with a higher version; a version never names two contents.
 */
export async function swapRetranscription(
  d1: D1Database,
  db: Db,
  tid: string,
  seq: number,
  historyIndex: number,
  direction: "undo" | "redo",
): Promise<EditOutcome> {
  const restore: Side = direction === "undo" ? "before" : "after";
  const save: Side = direction === "undo" ? "after" : "before";
  const next = direction === "undo" ? historyIndex - 1 : historyIndex + 1;
  const snap = "transcript_id = ?1 AND seq = ?2 AND side = ?3";
  const snapS = "s.transcript_id = ?1 AND s.seq = ?2 AND s.side = ?3";
  const bind = (statement: string) => d1.prepare(statement).bind(tid, seq, restore);
  const statements = [
    // Guard: the pointer has not moved and the side to restore is there (else nothing is touched).
    d1
      .prepare(
        `UPDATE transcripts SET history_index = CASE WHEN history_index = ?1 AND store = 'd1'
           AND EXISTS (SELECT 1 FROM transcript_snapshots WHERE transcript_id = ?4 AND seq = ?5 AND side = ?6) THEN ?2 ELSE NULL END,
           updated_at = ?3
         WHERE id = ?4`,
      )
      .bind(historyIndex, next, nowIso(), tid, seq, restore),
    ...["transcript_snapshots", "snapshot_speakers", "snapshot_utterances"].map((table) =>
      d1.prepare(`DELETE FROM ${table} WHERE transcript_id = ?1 AND seq = ?2 AND side = ?3`).bind(tid, seq, save),
    ),
    ...snapshotStatements(d1, tid, "?3", save, seq),
    // Speakers first (utterances point at them), then utterances, then the speakers that go.
    bind(
      `INSERT INTO speakers (id, transcript_id, original_label, name, role, position, created_at)
       SELECT id, transcript_id, original_label, name, role, position, created_at FROM snapshot_speakers s
       WHERE ${snap} AND NOT EXISTS (SELECT 1 FROM speakers p WHERE p.id = s.id)`,
    ),
    bind(
      `UPDATE speakers SET (name, role, position) =
         (SELECT s.name, s.role, s.position FROM snapshot_speakers s WHERE ${snapS} AND s.id = speakers.id)
       WHERE transcript_id = ?1 AND id IN (SELECT id FROM snapshot_speakers WHERE ${snap})`,
    ),
    bind(`DELETE FROM utterances WHERE transcript_id = ?1 AND id NOT IN (SELECT id FROM snapshot_utterances WHERE ${snap})`),
    bind(
      `UPDATE utterances SET (speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words, edited) =
         (SELECT s.speaker_id, s.order_key, max(s.version, utterances.version) + 1, s.start_time, s.end_time, s.confidence_score,
            s.sentiment, s.sentiment_confidence, s.words, s.edited
          FROM snapshot_utterances s WHERE ${snapS} AND s.id = utterances.id)
       WHERE transcript_id = ?1 AND id IN (SELECT id FROM snapshot_utterances WHERE ${snap})`,
    ),
    bind(
      `INSERT INTO utterances (id, transcript_id, speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment,
         sentiment_confidence, words, edited)
       SELECT id, transcript_id, speaker_id, order_key, version + 1, start_time, end_time, confidence_score, sentiment,
         sentiment_confidence, words, edited
       FROM snapshot_utterances s WHERE ${snap} AND NOT EXISTS (SELECT 1 FROM utterances u WHERE u.id = s.id)`,
    ),
    bind(`DELETE FROM speakers WHERE transcript_id = ?1 AND id NOT IN (SELECT id FROM snapshot_speakers WHERE ${snap})`),
    bind(
      `UPDATE transcripts SET (duration, accuracy_percentage, confidence_sum, speaker_count, word_count, transcription_service,
         started_at, completed_at) =
         (SELECT duration, accuracy_percentage, confidence_sum, speaker_count, word_count, transcription_service, started_at, completed_at
          FROM transcript_snapshots WHERE ${snap})
       WHERE id = ?1`,
    ),
    bind(
      `UPDATE audio_files SET (transcription_service, detected_language, transcription_notices) =
         (SELECT transcription_service, detected_language, transcription_notices FROM transcript_snapshots WHERE ${snap})
       WHERE id = (SELECT audio_file_id FROM transcripts WHERE id = ?1)`,
    ),
  ];
  try {
    await d1.batch(statements);
  } catch (error) {
    if (isConstraintViolation(error)) throw new CommitConflict(error);
    throw error;
  }
  // Every utterance may have changed: the client reloads the whole list instead of merging a few.
  const result: OperationResultDto = { utterances: [], removedUtteranceIds: [], speakers: await listSpeakers(db, tid), reload: true };
  return { result, change: { utterances: [] }, detailsChanged: true, rowsWritten: 0 };
}

/** How many utterances of the caller's file a re-transcription would keep; 0 without a transcript. */
export async function correctedUtteranceCount(d1: D1Database, userId: string, audioFileId: string): Promise<number> {
  const count = await d1
    .prepare(
      `SELECT count(*) AS n FROM utterances
       WHERE transcript_id = (SELECT id FROM transcripts WHERE audio_file_id = ? AND user_id = ?) AND edited = 1`,
    )
    .bind(audioFileId, userId)
    .first<number>("n");
  return count ?? 0;
}
