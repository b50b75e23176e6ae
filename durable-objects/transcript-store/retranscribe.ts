// Re-transcribing a file whose transcript the user's store holds (decision 017), in one
// transaction: the new recognition merged in around the user's corrections as one history
// entry, whose undo and redo swap whole sides kept in the snapshot tables (snapshots.ts). The
// plan is core/retranscribe-merge.ts; the Worker marks the file ready in
// D1 afterwards, from what this returns (decision 023, rules 2 and 4).
import { reanchorComments } from "./comments";
import { reanchorHighlights } from "./highlights";
import { languageName } from "../../common/languages";
import type { OperationResultDto } from "../../core/operation-results";
import { nowIso } from "../../common/time";
import type { TranscriptRows } from "../../core/transcript-rows";
import type { EditOutcome } from "../../core/outcome";
import type { DescribedFile, FileFields, RetranscriptionChange, RetranscriptionLabel } from "../../core/retranscription";
import { matchSpeakers, planMerge, retranscriptionSummary } from "../../core/retranscribe-merge";
import type { StoredWord } from "../../core/stored-words";
import { appendHistory } from "./commit";
import { runEnded } from "./ended-runs";
import { reweighEntry } from "./history-budget";
import { insertRecognised, insertRecognisedSpeakers } from "./ingest";
import { decodeStoreWords } from "./layout";
import { speakersOf } from "./read";
import { Writes } from "./rows";
import { dropHistory, dropSide, hasSnapshot, restoreSnapshot, type Side, takeSnapshot } from "./snapshots";

export interface StoreMerge {
  rows: TranscriptRows;
  fields: FileFields;
  /** The job's run (the file's `processing_started_at`): a run merges once. */
  run: string;
  discardCorrections: boolean;
  label: RetranscriptionLabel;
}

/** `transcriptId`: the API's id of the transcript, for D1's header; `{ended}` when the run was ended (ended-runs.ts). */
export type StoreMergeOutcome =
  | {
      merged: true;
      kept: number;
      hadSummary: boolean;
      duration: number;
      file: DescribedFile;
      transcriptId: string;
    }
  | { ended: true }
  | null;

type Head = { id: number; api_id: string; run: string; history_index: number; had_summary: number; duration: number };

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The file fields as they now are, for D1's copy. */
export function describedFile(sql: SqlStorage, transcript: number): DescribedFile {
  const row = sql
    .exec<{ service: string; language: string | null; notices: string | null; seq: number }>(
      `SELECT transcription_service AS service, detected_language AS language, notices, fields_seq AS seq FROM transcripts WHERE id = ?`,
      transcript,
    )
    .one();
  return { service: row.service, detectedLanguage: row.language, notices: row.notices ? JSON.parse(row.notices) : null, seq: row.seq };
}

/** The utterances the merge plans with: every one's place, the words of the edited ones (the only ones it may keep). */
function currentUtterances(sql: SqlStorage, transcript: number) {
  return sql
    .exec<{ id: number; order_key: string; edited: number; words: string | null }>(
      "SELECT id, order_key, edited, CASE WHEN edited = 1 THEN words END AS words FROM utterances WHERE transcript = ? ORDER BY order_key",
      transcript,
    )
    .toArray()
    .map((r) => {
      const words: StoredWord[] | null = r.words === null ? null : decodeStoreWords(r.id, r.words);
      // A kept utterance covers its words' times (its own are theirs, or wider: layout.ts).
      const span = words?.length ? { start: words[0]!.s, end: Math.max(...words.map((w) => w.e)) } : { start: 0, end: 0 };
      return { id: String(r.id), orderKey: r.order_key, edited: r.edited === 1, span, words };
    });
}

/**
 * Merges a new recognition into the file's transcript. Null when the store has no transcript of
 * the file (the caller saves a fresh one). A run merged already answers as it did, without
 * writing, so a job that failed after this call can finish D1's half.
 */
export function mergeRetranscription(storage: DurableObjectStorage, input: StoreMerge): StoreMergeOutcome {
  const { sql } = storage;
  const fresh = input.rows;
  return storage.transactionSync(() => {
    const head = sql
      .exec<Head>(
        "SELECT id, api_id, run, history_index, summary IS NOT NULL AS had_summary, duration FROM transcripts WHERE file_id = ?",
        fresh.transcript.audioFileId,
      )
      .toArray()[0];
    if (!head) return null;
    if (runEnded(storage, fresh.transcript.audioFileId, input.run)) return { ended: true };
    const transcript = head.id;
    if (head.run === input.run) {
      const kept = sql
        .exec<{ kept: number }>(
          `SELECT json_extract(change, '$.retranscribed.kept') AS kept FROM history
           WHERE transcript = ? AND json_extract(change, '$.retranscribed') IS NOT NULL ORDER BY seq DESC LIMIT 1`,
          transcript,
        )
        .toArray()[0]?.kept;
      const hadSummary = head.had_summary === 1;
      return {
        merged: true,
        kept: kept ?? 0,
        hadSummary,
        duration: head.duration,
        file: describedFile(sql, transcript),
        transcriptId: head.api_id,
      };
    }

    const current = currentUtterances(sql, transcript);
    // A speaker the user named, or one speaking in an utterance kept, stays; the others go unless the new recognition has them.
    const oldSpeakers = sql
      .exec<{ id: number; original_label: string; position: number; stays: number }>(
        `SELECT id, original_label, position, name IS NOT NULL OR role IS NOT NULL
           OR (?2 = 0 AND id IN (SELECT speaker FROM utterances WHERE transcript = ?1 AND edited = 1)) AS stays
         FROM speakers WHERE transcript = ?1`,
        transcript,
        input.discardCorrections ? 1 : 0,
      )
      .toArray()
      .map((s) => ({ id: String(s.id), originalLabel: s.original_label, position: s.position, stays: s.stays === 1 }));
    const { idFor, added } = matchSpeakers(oldSpeakers, fresh.speakers);
    const plan = planMerge(
      current,
      fresh.utterances.map((u) => ({ ...u, speakerId: idFor.get(u.speakerId)! })),
      { discardCorrections: input.discardCorrections },
    );
    const keptIds = new Set(plan.kept.map((u) => u.id));
    const kept = current.filter((u) => keptIds.has(u.id));
    const words = [...kept.flatMap((u) => u.words ?? []), ...plan.inserted.flatMap((u) => u.words)];
    const confidenceSum = words.reduce((sum, w) => sum + w.c, 0);
    const lastEnd = Math.max(0, ...kept.map((u) => u.span.end), ...plan.inserted.map((u) => u.end));
    const duration = round(fresh.transcript.duration > 0 ? fresh.transcript.duration : lastEnd, 3);
    const now = fresh.transcript.completedAt;
    const seq = head.history_index + 1;
    const change: RetranscriptionChange = { utterances: [], retranscribed: { kept: kept.length, discarded: input.discardCorrections } };
    const { serviceLabel, language, terms } = input.label;
    const summary = retranscriptionSummary(serviceLabel, { language, terms }, kept.length, input.discardCorrections, languageName);

    dropHistory(sql, transcript, ">= ?", seq);
    takeSnapshot(sql, transcript, seq, "before");
    const speakerKeys = insertRecognisedSpeakers(sql, transcript, added);
    const speakerOf = (id: string) => speakerKeys.get(id) ?? Number(id);
    sql.exec(`DELETE FROM utterances WHERE transcript = ?${input.discardCorrections ? "" : " AND edited = 0"}`, transcript);
    insertRecognised(
      sql,
      transcript,
      plan.inserted.map((u) => ({ ...u, speaker: speakerOf(u.speakerId) })),
    );
    // A speaker nobody speaks as and the user never named has nothing left to keep.
    sql.exec(
      `DELETE FROM speakers WHERE transcript = ?1 AND name IS NULL AND role IS NULL
         AND id NOT IN (SELECT speaker FROM utterances WHERE transcript = ?1)`,
      transcript,
    );
    appendHistory(new Writes(sql), transcript, seq, { type: "other", summary, change, opId: null }, now);
    reanchorComments(sql, fresh.transcript.audioFileId);
    reanchorHighlights(sql, fresh.transcript.audioFileId);
    sql.exec(
      `UPDATE transcripts SET history_index = ?2, run = ?3, duration = ?4, word_count = ?5, confidence_sum = ?6, accuracy_percentage = ?7,
         speaker_count = (SELECT count(DISTINCT speaker) FROM utterances WHERE transcript = ?1),
         transcription_service = ?8, started_at = ?9, completed_at = ?10, updated_at = ?10,
         detected_language = ?11, notices = ?12, fields_seq = fields_seq + 1
       WHERE id = ?1`,
      transcript,
      seq,
      input.run,
      duration,
      words.length,
      confidenceSum,
      words.length ? round((confidenceSum / words.length) * 100, 1) : 0,
      fresh.transcript.transcriptionService,
      fresh.transcript.startedAt,
      now,
      input.fields.detectedLanguage,
      input.fields.notices ? JSON.stringify(input.fields.notices) : null,
    );
    return {
      merged: true,
      kept: kept.length,
      hadSummary: head.had_summary === 1,
      duration,
      file: describedFile(sql, transcript),
      transcriptId: head.api_id,
    };
  });
}

/**
 * Undo ('before' comes back) or redo ('after') of re-transcription entry `seq`, the pointer at
 * `historyIndex`: the transcript as it is now becomes the other side first, so the two can be
 * swapped any number of times. The outcome carries the file fields for D1's copy.
 */
export function swapRetranscription(
  sql: SqlStorage,
  transcript: number,
  seq: number,
  historyIndex: number,
  direction: "undo" | "redo",
): EditOutcome & { file: DescribedFile } {
  const restore: Side = direction === "undo" ? "before" : "after";
  const save: Side = direction === "undo" ? "after" : "before";
  if (!hasSnapshot(sql, transcript, seq, restore)) throw new Error(`History entry ${seq} has no '${restore}' side`);
  dropSide(sql, transcript, seq, save);
  takeSnapshot(sql, transcript, seq, save);
  reweighEntry(sql, transcript, seq);
  restoreSnapshot(sql, transcript, seq, restore);
  sql.exec(
    "UPDATE transcripts SET history_index = ?, updated_at = ?, fields_seq = fields_seq + 1 WHERE id = ?",
    direction === "undo" ? historyIndex - 1 : historyIndex + 1,
    nowIso(),
    transcript,
  );
  // Every utterance may have changed: the client reloads the whole list instead of merging a few.
  const result: OperationResultDto = { utterances: [], removedUtteranceIds: [], speakers: speakersOf(sql, transcript), reload: true };
  return { result, change: { utterances: [] }, detailsChanged: true, rowsWritten: 0, file: describedFile(sql, transcript) };
}

/** How many utterances of the file a re-transcription would keep. */
export function correctedCount(sql: SqlStorage, fileId: string): number {
  return sql
    .exec<{ n: number }>(
      "SELECT count(*) AS n FROM utterances WHERE transcript = (SELECT id FROM transcripts WHERE file_id = ?) AND edited = 1",
      fileId,
    )
    .one().n;
}
