// A transcript moved from D1's tables into the user's store (decision 023, step 3), in one
// transaction: the same content, history and re-transcription sides, under the same API ids.
// D1's ids become the rows' client ids (layout.ts), so open tabs, share links and history
// entries keep naming the same utterances and speakers.
import type { TranscriptRows } from "../../worker/transcripts/ingest";
import { decodeWords } from "../../worker/transcripts/stored-words";
import { nextKey } from "./ingest";
import { encodeStoreWords, storedFields } from "./layout";
import { purgeInTransaction } from "./purge";

/** A speaker row as D1 holds it. */
export interface MovedSpeaker {
  id: string;
  originalLabel: string;
  name: string | null;
  role: string | null;
  position: number;
}

/** An utterance row as D1 holds it (`words` in D1's stored form). */
export interface MovedUtterance {
  id: string;
  speakerId: string;
  orderKey: string;
  version: number;
  start: number;
  end: number;
  confidence: number;
  sentiment: string | null;
  sentimentConfidence: number | null;
  edited: number;
  words: string;
}

/** What a transcript's header and a re-transcription's side both hold. */
type MovedFields = Omit<TranscriptRows["transcript"], "id" | "audioFileId" | "userId"> & {
  detectedLanguage: string | null;
  notices: string | null;
};

export interface MovedSide extends MovedFields {
  seq: number;
  side: "before" | "after";
  speakers: MovedSpeaker[];
  utterances: MovedUtterance[];
}

export interface MovedTranscript {
  fileId: string;
  apiId: string;
  /** The run that wrote it: a re-transcription of a later run merges, a redelivery of this one does not. */
  run: string;
  header: MovedFields & {
    summary: string | null;
    summaryType: string | null;
    summaryModel: string | null;
    summaryStatus: string | null;
    summaryError: string | null;
    notes: string | null;
    updatedAt: string;
    historyIndex: number;
  };
  speakers: MovedSpeaker[];
  utterances: MovedUtterance[];
  /** Each entry's change as JSON text (never gzipped here). */
  history: { seq: number; type: string; summary: string; change: string; opId: string | null; createdAt: string }[];
  sides: MovedSide[];
}

/** Keys for D1's ids: one per id across live rows and every side, so a swap finds the same row. */
class KeyMap {
  private readonly keys = new Map<string, number>();
  constructor(private next: number) {}
  get last(): number {
    return this.next - 1;
  }
  of(id: string): number {
    let key = this.keys.get(id);
    if (key === undefined) {
      key = this.next++;
      this.keys.set(id, key);
    }
    return key;
  }
}

function utteranceValues(key: number, u: MovedUtterance, speakers: KeyMap) {
  const words = decodeWords(u.words);
  const fields = storedFields(words, u.start, u.end, u.confidence);
  return [
    key,
    u.id,
    speakers.of(u.speakerId),
    u.orderKey,
    u.version,
    fields.start,
    fields.end,
    fields.confidence,
    u.sentiment,
    u.sentimentConfidence,
    u.edited,
    encodeStoreWords(key, words),
  ];
}

const UTTERANCE_COLUMNS = `id, client_id, speaker, order_key, version, start_time, end_time, confidence_score, sentiment,
  sentiment_confidence, edited, words`;

/** The store's copy of a file's transcript, if any, is this import's: nothing has changed it since. */
function sameImport(
  sql: SqlStorage,
  fileId: string,
  header: Pick<MovedTranscript["header"], "updatedAt" | "historyIndex">,
): boolean | null {
  const row = sql
    .exec<{ updated_at: string; history_index: number }>("SELECT updated_at, history_index FROM transcripts WHERE file_id = ?", fileId)
    .toArray()[0];
  if (!row) return null;
  return row.updated_at === header.updatedAt && row.history_index === header.historyIndex;
}

/**
 * Writes the moved transcript; false, writing nothing, when the store already holds a copy of it
 * that something has changed since (it may be the live one: it is never replaced).
 */
export function importTranscript(storage: DurableObjectStorage, moved: MovedTranscript): boolean {
  const { sql } = storage;
  return storage.transactionSync(() => {
    if (sameImport(sql, moved.fileId, moved.header) === false) return false;
    purgeInTransaction(sql, [moved.fileId]);
    const h = moved.header;
    const transcript = sql
      .exec<{ id: number }>(
        `INSERT INTO transcripts (file_id, api_id, run, summary, summary_type, summary_model, summary_status, summary_error, notes,
           duration, accuracy_percentage, confidence_sum, speaker_count, word_count, transcription_service, started_at, completed_at,
           updated_at, history_index, detected_language, notices, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        moved.fileId,
        moved.apiId,
        moved.run,
        h.summary,
        h.summaryType,
        h.summaryModel,
        h.summaryStatus,
        h.summaryError,
        h.notes,
        h.duration,
        h.accuracyPercentage,
        h.confidenceSum,
        h.speakerCount,
        h.wordCount,
        h.transcriptionService,
        h.startedAt,
        h.completedAt,
        h.updatedAt,
        h.historyIndex,
        h.detectedLanguage,
        h.notices,
        new Date().toISOString(),
      )
      .one().id;
    const speakers = new KeyMap(nextKey(sql, "speakers"));
    const utterances = new KeyMap(nextKey(sql, "utterances"));
    for (const s of moved.speakers)
      sql.exec(
        "INSERT INTO speakers (id, transcript, client_id, original_label, name, role, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
        speakers.of(s.id),
        transcript,
        s.id,
        s.originalLabel,
        s.name,
        s.role,
        s.position,
      );
    for (const u of moved.utterances)
      sql.exec(
        `INSERT INTO utterances (transcript, ${UTTERANCE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        transcript,
        ...utteranceValues(utterances.of(u.id), u, speakers),
      );
    for (const e of moved.history)
      sql.exec(
        "INSERT INTO history (transcript, seq, type, summary, change, op_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        transcript,
        e.seq,
        e.type,
        e.summary,
        e.change,
        e.opId,
        e.createdAt,
      );
    for (const side of moved.sides) {
      sql.exec(
        `INSERT INTO snapshots (transcript, seq, side, duration, accuracy_percentage, confidence_sum, speaker_count, word_count,
           transcription_service, started_at, completed_at, detected_language, notices) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        transcript,
        side.seq,
        side.side,
        side.duration,
        side.accuracyPercentage,
        side.confidenceSum,
        side.speakerCount,
        side.wordCount,
        side.transcriptionService,
        side.startedAt,
        side.completedAt,
        side.detectedLanguage,
        side.notices,
      );
      for (const s of side.speakers)
        sql.exec(
          `INSERT INTO snapshot_speakers (transcript, seq, side, id, client_id, original_label, name, role, position)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          transcript,
          side.seq,
          side.side,
          speakers.of(s.id),
          s.id,
          s.originalLabel,
          s.name,
          s.role,
          s.position,
        );
      for (const u of side.utterances)
        sql.exec(
          `INSERT INTO snapshot_utterances (transcript, seq, side, ${UTTERANCE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          transcript,
          side.seq,
          side.side,
          ...utteranceValues(utterances.of(u.id), u, speakers),
        );
    }
    // Keys handed out above are past every key used: AUTOINCREMENT must not give them again.
    for (const [table, map] of [
      ["speakers", speakers],
      ["utterances", utterances],
    ] as const) {
      const { rowsWritten } = sql.exec("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", map.last, table);
      if (!rowsWritten) sql.exec("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", table, map.last);
    }
    return true;
  });
}

/** Removes an import D1 did not take (it changed meanwhile), unless something has changed the copy since. */
export function dropImport(
  storage: DurableObjectStorage,
  fileId: string,
  header: Pick<MovedTranscript["header"], "updatedAt" | "historyIndex">,
): boolean {
  return storage.transactionSync(() => sameImport(storage.sql, fileId, header) === true && purgeInTransaction(storage.sql, [fileId]) > 0);
}
