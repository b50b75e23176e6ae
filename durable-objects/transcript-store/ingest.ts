// A finished transcription written into the user's store (decision 023, rule 2): the file's
// previous transcript, if any, is replaced in the same transaction, so a redelivered job ends
// with one transcript. The same run stored already is kept as it is: a late delivery of that run
// must not replace a transcript the user may be reading and editing. The Worker marks the file
// ready in D1 only after this returns, so the transcript is readable before anyone hears it is.
import type { TranscriptRows } from "../../core/transcript-rows";
import type { FileFields } from "../../core/retranscription";
import { encodeStoreWords, storedFields, withDerivedIds } from "./layout";
import { reanchorComments } from "./comments";
import { reanchorHighlights } from "./highlights";
import { runEnded } from "./ended-runs";
import { purgeInTransaction } from "./purge";

/** The next keys AUTOINCREMENT would give: explicit keys past every key ever used, so none is reused. */
export function nextKey(sql: SqlStorage, table: "speakers" | "utterances"): number {
  const row = sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = ?", table).toArray()[0];
  return (row?.seq ?? 0) + 1;
}

/** A recognised utterance as the store inserts it: its speaker's key and its place. */
export type RecognisedUtterance = Omit<TranscriptRows["utterances"][number], "id" | "speakerId"> & { speaker: number };

/** New utterances under fresh keys, their word ids and derivable fields left to the key (layout.ts). */
export function insertRecognised(sql: SqlStorage, transcript: number, utterances: readonly RecognisedUtterance[]): void {
  let key = nextKey(sql, "utterances");
  for (const u of utterances) {
    const words = withDerivedIds(key, u.words);
    const fields = storedFields(words, u.start, u.end, u.confidence);
    sql.exec(
      `INSERT INTO utterances (id, transcript, speaker, order_key, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      key,
      transcript,
      u.speaker,
      u.orderKey,
      fields.start,
      fields.end,
      fields.confidence,
      u.sentiment,
      u.sentimentConfidence,
      encodeStoreWords(key, words),
    );
    key++;
  }
}

/** New speakers under fresh keys: each one's id in the recognition to its key. */
export function insertRecognisedSpeakers(
  sql: SqlStorage,
  transcript: number,
  speakers: readonly { id: string; label: string; position: number }[],
): Map<string, number> {
  const keys = new Map<string, number>();
  let key = nextKey(sql, "speakers");
  for (const s of speakers) {
    sql.exec("INSERT INTO speakers (id, transcript, original_label, position) VALUES (?, ?, ?, ?)", key, transcript, s.label, s.position);
    keys.set(s.id, key++);
  }
  return keys;
}

/** What a save did: `stored` false when this run's transcript was there already; the id the store holds either way. */
export interface IngestOutcome {
  stored: boolean;
  transcriptId: string;
}

export function ingestTranscript(storage: DurableObjectStorage, rows: TranscriptRows, run: string, fields: FileFields): IngestOutcome {
  const { sql } = storage;
  const t = rows.transcript;
  return storage.transactionSync(() => {
    const held = sql
      .exec<{ api_id: string; run: string }>("SELECT api_id, run FROM transcripts WHERE file_id = ?", t.audioFileId)
      .toArray()[0];
    if (held?.run === run) return { stored: false, transcriptId: held.api_id };
    // Cancelled after its check of the file: the run writes nothing (ended-runs.ts).
    if (runEnded(storage, t.audioFileId, run)) return { stored: false, transcriptId: held?.api_id ?? t.id };
    purgeInTransaction(sql, [t.audioFileId]);
    const transcript = sql
      .exec<{ id: number }>(
        `INSERT INTO transcripts (file_id, api_id, run, duration, accuracy_percentage, confidence_sum, speaker_count, word_count,
          transcription_service, started_at, completed_at, updated_at, detected_language, notices, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        t.audioFileId,
        t.id,
        run,
        t.duration,
        t.accuracyPercentage,
        t.confidenceSum,
        t.speakerCount,
        t.wordCount,
        t.transcriptionService,
        t.startedAt,
        t.completedAt,
        t.completedAt,
        fields.detectedLanguage,
        fields.notices ? JSON.stringify(fields.notices) : null,
        new Date().toISOString(),
      )
      .one().id;
    const speakerKey = insertRecognisedSpeakers(sql, transcript, rows.speakers);
    insertRecognised(
      sql,
      transcript,
      rows.utterances.map((u) => ({ ...u, speaker: speakerKey.get(u.speakerId)! })),
    );
    // A replaced transcript's comments and highlights stay with the file and follow its words by time.
    if (held) {
      reanchorComments(sql, t.audioFileId);
      reanchorHighlights(sql, t.audioFileId);
    }
    return { stored: true, transcriptId: t.id };
  });
}
