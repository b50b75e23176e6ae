// Ingest: turns a finished transcription into its rows (transcript, speakers,
// utterances with their words) and writes them in batches with the file's
// status change, so a transcript appears whole or not at all.
import { hasNoBidiControls, stripBidiControls } from "../../common/names";
import { initialKeys } from "../../common/order-keys";
import { readyStatement } from "../library/file-status";
import type { AudioFileRow } from "../db/schema";
import { newId } from "../../common/ids";
import type { NormalizedTranscript } from "../transcription/types";
import { encodeWords, ID_BASE_LENGTH, type StoredWord } from "./stored-words";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Ids for an utterance's `count` words: one random base, then each word's index
 * in base 36, so the stored words hold the base once (stored-words.ts).
 */
export function wordIds(count: number): string[] {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BASE_LENGTH));
  let base = "";
  for (const b of bytes) base += ALPHABET[b % ALPHABET.length];
  return Array.from({ length: count }, (_, i) => base + i.toString(36));
}

function cleanWord<W extends { text: string }>(word: W): W[] {
  const text = stripBidiControls(word.text).trim();
  return text ? [{ ...word, text }] : [];
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface TranscriptRows {
  transcript: {
    id: string;
    audioFileId: string;
    userId: string;
    duration: number;
    accuracyPercentage: number;
    /** Sum of the stored (rounded) word confidences; edits keep it up to date. */
    confidenceSum: number;
    speakerCount: number;
    wordCount: number;
    transcriptionService: string;
    startedAt: string;
    completedAt: string;
  };
  speakers: { id: string; label: string; position: number }[];
  utterances: {
    id: string;
    speakerId: string;
    /** Fractional order key (common/order-keys.ts). */
    orderKey: string;
    start: number;
    end: number;
    confidence: number;
    sentiment: string | null;
    sentimentConfidence: number | null;
    words: StoredWord[];
  }[];
}

/** Turns a normalised result into rows, computing the transcript's statistics. */
export function buildTranscriptRows(
  file: Pick<AudioFileRow, "id" | "userId">,
  result: NormalizedTranscript,
  meta: { service: string; startedAt: string; completedAt: string },
): TranscriptRows {
  const transcriptId = newId();
  // Direction controls from a service would reorder the words after them when shown: dropped, as edits refuse them.
  const spoken = result.utterances
    .map((u) => ({ ...u, words: u.words.flatMap((w) => (hasNoBidiControls(w.text) ? [w] : cleanWord(w))) }))
    .filter((u) => u.words.length > 0);
  // Only speakers who say something are stored.
  const used = new Set(spoken.map((u) => u.speaker));
  const labels = [...result.speakers.filter((l) => used.has(l)), ...[...used].filter((l) => !result.speakers.includes(l))];
  const speakers = labels.map((label, position) => ({ id: newId(), label, position }));
  const speakerId = new Map(speakers.map((s) => [s.label, s.id]));
  let wordCount = 0;
  let confidenceSum = 0;
  const keys = initialKeys(spoken.length);
  const utterances = spoken.map((u, index) => {
    const ids = wordIds(u.words.length);
    const words: StoredWord[] = u.words.map((w, i) => ({
      id: ids[i]!,
      t: w.text,
      s: round(w.start),
      e: round(w.end),
      c: round(w.confidence, 4),
      ...(w.hasEntities ? { x: 1 as const } : {}),
    }));
    const confidence = u.words.reduce((sum, w) => sum + w.confidence, 0) / u.words.length;
    wordCount += words.length;
    // The stored values, so later edits add and subtract exactly what is stored.
    confidenceSum += words.reduce((sum, w) => sum + w.c, 0);
    return {
      id: newId(),
      speakerId: speakerId.get(u.speaker)!,
      orderKey: keys[index]!,
      start: round(u.start),
      end: round(u.end),
      confidence: round(confidence, 4),
      sentiment: u.sentiment,
      sentimentConfidence: u.sentimentConfidence,
      words,
    };
  });
  const lastEnd = utterances.length ? utterances[utterances.length - 1]!.end : 0;
  return {
    transcript: {
      id: transcriptId,
      audioFileId: file.id,
      userId: file.userId,
      duration: round(result.duration > 0 ? result.duration : lastEnd),
      accuracyPercentage: wordCount ? round((confidenceSum / wordCount) * 100, 1) : 0,
      confidenceSum,
      speakerCount: speakers.length,
      wordCount,
      transcriptionService: meta.service,
      startedAt: meta.startedAt,
      completedAt: meta.completedAt,
    },
    speakers,
    utterances,
  };
}

// D1: at most 100 bound parameters and 100 KB per statement.
const MAX_PARAMS = 100;
const MAX_STATEMENT_BYTES = 90_000;

/** Multi-row INSERTs that respect D1's per-statement limits. */
export function chunkedInserts<T>(
  db: D1Database,
  head: string,
  columns: number,
  rows: T[],
  values: (row: T) => unknown[],
  size: (row: T) => number,
) {
  const statements: D1PreparedStatement[] = [];
  const perStatement = Math.floor(MAX_PARAMS / columns);
  let group: T[] = [];
  let bytes = 0;
  const flush = () => {
    if (!group.length) return;
    const placeholders = group.map(() => `(${Array(columns).fill("?").join(",")})`).join(",");
    statements.push(db.prepare(`${head} VALUES ${placeholders}`).bind(...group.flatMap(values)));
    group = [];
    bytes = 0;
  };
  for (const row of rows) {
    const rowBytes = size(row);
    if (group.length >= perStatement || (group.length > 0 && bytes + rowBytes > MAX_STATEMENT_BYTES)) flush();
    group.push(row);
    bytes += rowBytes;
  }
  flush();
  return statements;
}

/**
 * The file's transcript row replaced by a new one: the whole transcript's for `d1`, the header
 * beside the content in the user's object for `object` (worker/transcripts/store.ts).
 */
export function transcriptRowStatements(db: D1Database, t: TranscriptRows["transcript"], store: "d1" | "object"): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM transcripts WHERE audio_file_id = ?").bind(t.audioFileId),
    db
      .prepare(
        `INSERT INTO transcripts (id, audio_file_id, user_id, duration, accuracy_percentage, confidence_sum, speaker_count, word_count,
          transcription_service, started_at, completed_at, created_at, updated_at, store) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      )
      .bind(
        t.id,
        t.audioFileId,
        t.userId,
        t.duration,
        t.accuracyPercentage,
        t.confidenceSum,
        t.speakerCount,
        t.wordCount,
        t.transcriptionService,
        t.startedAt,
        t.completedAt,
        t.completedAt,
        t.completedAt,
        store,
      ),
  ];
}

/**
 * Replaces the file's transcript and marks the file ready, in one atomic D1
 * batch: a redelivered job ends with exactly one transcript, never two, and a
 * crash half-way leaves the previous state untouched.
 */
export async function saveTranscript(db: D1Database, rows: TranscriptRows): Promise<{ statements: number; rowsWritten: number }> {
  const now = rows.transcript.completedAt;
  const t = rows.transcript;
  const statements: D1PreparedStatement[] = [
    ...transcriptRowStatements(db, t, "d1"),
    ...chunkedInserts(
      db,
      "INSERT INTO speakers (id, transcript_id, original_label, position, created_at)",
      5,
      rows.speakers,
      (s) => [s.id, t.id, s.label, s.position, now],
      () => 100,
    ),
    ...chunkedInserts(
      db,
      "INSERT INTO utterances (id, transcript_id, speaker_id, order_key, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words)",
      10,
      rows.utterances.map((u) => ({ ...u, json: encodeWords(u.words) })),
      (u) => [u.id, t.id, u.speakerId, u.orderKey, u.start, u.end, u.confidence, u.sentiment, u.sentimentConfidence, u.json],
      (u) => u.json.length + 200,
    ),
    readyStatement(db, t.audioFileId, t.transcriptionService, t.duration, now),
  ];
  const results = await db.batch(statements);
  return { statements: statements.length, rowsWritten: results.reduce((sum, r) => sum + (r.meta?.rows_written ?? 0), 0) };
}
