// A finished transcription written into the user's store (decision 023, rule 2): the file's
// previous transcript, if any, is replaced in the same transaction, so a redelivered job ends
// with one transcript. The Worker marks the file ready in D1 only after this returns.
import type { TranscriptRows } from "../../worker/transcripts/ingest";
import { encodeStoreWords, storedFields, withDerivedIds } from "./layout";
import { purgeInTransaction } from "./purge";

/** The next keys AUTOINCREMENT would give: explicit keys past every key ever used, so none is reused. */
function nextKey(sql: SqlStorage, table: "speakers" | "utterances"): number {
  const row = sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = ?", table).toArray()[0];
  return (row?.seq ?? 0) + 1;
}

export function ingestTranscript(storage: DurableObjectStorage, rows: TranscriptRows, run: string): void {
  const { sql } = storage;
  const t = rows.transcript;
  storage.transactionSync(() => {
    purgeInTransaction(sql, [t.audioFileId]);
    const transcript = sql
      .exec<{ id: number }>(
        `INSERT INTO transcripts (file_id, api_id, run, duration, accuracy_percentage, confidence_sum, speaker_count, word_count,
          transcription_service, started_at, completed_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
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
      )
      .one().id;
    const speakerKey = new Map<string, number>();
    let key = nextKey(sql, "speakers");
    for (const s of rows.speakers) {
      sql.exec("INSERT INTO speakers (id, transcript, original_label, position) VALUES (?, ?, ?, ?)", key, transcript, s.label, s.position);
      speakerKey.set(s.id, key++);
    }
    key = nextKey(sql, "utterances");
    for (const u of rows.utterances) {
      const words = withDerivedIds(key, u.words);
      const fields = storedFields(words, u.start, u.end, u.confidence);
      sql.exec(
        `INSERT INTO utterances (id, transcript, speaker, order_key, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        key,
        transcript,
        speakerKey.get(u.speakerId)!,
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
  });
}
