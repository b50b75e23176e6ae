import { and, asc, eq, sql } from "drizzle-orm";
import { CompactWriter, type CompactUtterances } from "../../common/compact-utterances";
import type { Sentiment, SpeakerDto, TranscriptDto, UtteranceDto } from "../../common/transcript";
import type { UtteranceState } from "../../common/transcript-ops";
import type { Db } from "../db/client";
import { speakers, transcripts, utterances, type SpeakerRow, type TranscriptRow, type UtteranceRow } from "../db/schema";
import { notFound } from "../lib/errors";
import { fromRaw, publicState, rawUtteranceColumns, toUtteranceState, UTTERANCE_COLUMNS } from "./rows";
import { decodeWords, wordsFromParsed } from "./stored-words";

export const TRANSCRIPT_NOT_FOUND = "Transcript not found";

/** The caller's transcript of an audio file, or 404 (also for other users' files). */
export async function getOwnedTranscript(db: Db, userId: string, audioFileId: string): Promise<TranscriptRow> {
  const row = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.audioFileId, audioFileId), eq(transcripts.userId, userId)))
    .get();
  if (!row) throw notFound(TRANSCRIPT_NOT_FOUND);
  return row;
}

/** Speakers with their utterance counts and share of speaking time, from one aggregate query. */
export async function listSpeakers(db: Db, transcriptId: string): Promise<SpeakerDto[]> {
  const [rows, stats] = await Promise.all([
    db.select().from(speakers).where(eq(speakers.transcriptId, transcriptId)).orderBy(asc(speakers.position)).all(),
    db
      .select({
        speakerId: utterances.speakerId,
        count: sql<number>`count(*)`,
        seconds: sql<number>`sum(${utterances.endTime} - ${utterances.startTime})`,
      })
      .from(utterances)
      .where(eq(utterances.transcriptId, transcriptId))
      .groupBy(utterances.speakerId)
      .all(),
  ]);
  const bySpeaker = new Map(stats.map((s) => [s.speakerId, s]));
  const total = stats.reduce((sum, s) => sum + Math.max(0, s.seconds ?? 0), 0);
  return rows.map((row) => toSpeakerDto(row, bySpeaker.get(row.id), total));
}

export function toSpeakerDto(
  row: Pick<SpeakerRow, "id" | "originalLabel" | "name" | "role" | "position">,
  stat: { count: number; seconds: number } | undefined,
  totalSeconds: number,
): SpeakerDto {
  const seconds = Math.max(0, stat?.seconds ?? 0);
  return {
    id: row.id,
    originalLabel: row.originalLabel,
    name: row.name,
    role: row.role,
    displayName: row.name ?? defaultSpeakerName(row),
    utteranceCount: stat?.count ?? 0,
    speakingPercentage: totalSeconds > 0 ? Math.round((seconds / totalSeconds) * 1000) / 10 : 0,
  };
}

/** "Speaker 1", "Speaker 2"… in order of first appearance. */
export const defaultSpeakerName = (row: Pick<SpeakerRow, "position">) => `Speaker ${row.position + 1}`;

export function toTranscriptDto(row: TranscriptRow, speakerList: SpeakerDto[]): TranscriptDto {
  return {
    id: row.id,
    audioFileId: row.audioFileId,
    summary: row.summary,
    summaryType: row.summaryType as TranscriptDto["summaryType"],
    summaryModel: row.summaryModel,
    summaryStatus: row.summaryStatus,
    summaryError: row.summaryError,
    notes: row.notes,
    speakers: speakerList,
    duration: row.duration,
    accuracyPercentage: row.accuracyPercentage,
    speakerCount: row.speakerCount,
    wordCount: row.wordCount,
    transcriptionService: row.transcriptionService,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
  };
}

/**
 * Every utterance in order with its words: one row per utterance, read through
 * the (transcript_id, order_key) index; `position` is the index in that order.
 */
export async function listUtterances(db: Db, transcriptId: string): Promise<UtteranceDto[]> {
  const rows = await db.$client
    .prepare(`SELECT ${rawUtteranceColumns()} FROM utterances WHERE transcript_id = ? ORDER BY order_key`)
    .bind(transcriptId)
    .raw();
  return rows.map((row, position) => publicState(toUtteranceState(fromRaw(row), position)));
}

/**
 * The same list as listUtterances, as JSON text built straight from the stored
 * word JSON (keys renamed, positions added) instead of parsing 30,000 words into
 * objects and serialising them again: the hot path of opening a transcript.
 * A row whose stored words are not in the expected shape goes the slow way.
 */
export async function utterancesJson(db: Db, transcriptId: string): Promise<string> {
  const rows = await db.$client
    .prepare(`SELECT ${rawUtteranceColumns()} FROM utterances WHERE transcript_id = ? ORDER BY order_key`)
    .bind(transcriptId)
    .raw();
  return rowsJson(rows);
}

/**
 * The raw rows of the transcript of `userId`'s audio file, in order, found in
 * the same query (so the read can run alongside the ownership check instead of
 * after it); none when there is no such transcript.
 */
function utteranceRowsOfFile(db: Db, userId: string, audioFileId: string): Promise<unknown[][]> {
  return db.$client
    .prepare(
      `SELECT ${rawUtteranceColumns()} FROM utterances
       WHERE transcript_id = (SELECT id FROM transcripts WHERE audio_file_id = ? AND user_id = ?) ORDER BY order_key`,
    )
    .bind(audioFileId, userId)
    .raw();
}

/** utterancesJson for the transcript of `userId`'s audio file; "[]" when there is none. */
export async function utterancesJsonOfFile(db: Db, userId: string, audioFileId: string): Promise<string> {
  return rowsJson(await utteranceRowsOfFile(db, userId, audioFileId));
}

/** The whole list in the compact shape (common/compact-utterances.ts) for `userId`'s audio file. */
export async function compactUtterancesOfFile(db: Db, userId: string, audioFileId: string): Promise<CompactUtterances> {
  const rows = await utteranceRowsOfFile(db, userId, audioFileId);
  // Straight from the stored words: no per-word objects of the spec's shape in between.
  // One parse of every row's words is cheaper than 3,000 small ones.
  const words = JSON.parse(`[${rows.map((row) => row[10] as string).join(",")}]`) as unknown[][];
  const writer = new CompactWriter();
  for (let position = 0; position < rows.length; position++) {
    const row = fromRaw(rows[position]!);
    writer.utterance({
      id: row.id,
      speakerId: row.speakerId,
      startTime: row.startTime,
      endTime: row.endTime,
      position,
      confidenceScore: row.confidenceScore,
      sentiment: row.sentiment as Sentiment | null,
      sentimentConfidence: row.sentimentConfidence,
      orderKey: row.orderKey,
      version: row.version,
    });
    for (const w of wordsFromParsed(words[position]!)) writer.word(w.id, w.t, w.s, w.e, w.c, w.x === 1, w.o);
  }
  return writer.finish();
}

/** A row with its position computed from the order index. */
export const WITH_POSITION = `${UTTERANCE_COLUMNS},
  (SELECT count(*) FROM utterances v WHERE v.transcript_id = u.transcript_id AND v.order_key < u.order_key) AS position`;

export type PositionedRow = UtteranceRow & { position: number };

/**
 * Current states (with positions), in order, of the transcript's utterances
 * among `ids`; ids of other transcripts or of nothing are simply absent. The ids
 * go in as one JSON parameter (D1 binds at most 100 per statement).
 */
export async function currentStates(db: D1Database, transcriptId: string, ids: readonly string[]): Promise<UtteranceState[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const { results } = await db
    .prepare(
      `SELECT ${WITH_POSITION} FROM utterances u
       WHERE u.transcript_id = ? AND u.id IN (SELECT value FROM json_each(?)) ORDER BY u.order_key`,
    )
    .bind(transcriptId, JSON.stringify(unique))
    .all<PositionedRow>();
  return results.map((row) => publicState(toUtteranceState(row, row.position)));
}

function rowsJson(rows: unknown[][]): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = fromRaw(rows[i]!);
    const words = wordsJson(row.words);
    parts[i] =
      words === null
        ? JSON.stringify(publicState(toUtteranceState(row, i)))
        : `{"id":${JSON.stringify(row.id)},"speakerId":${JSON.stringify(row.speakerId)},"startTime":${num(row.startTime)},"endTime":${num(row.endTime)},"position":${i},` +
          `"confidenceScore":${num(row.confidenceScore)},"sentiment":${JSON.stringify(row.sentiment)},"sentimentConfidence":${JSON.stringify(row.sentimentConfidence)},` +
          `"transcriptWords":${words},"orderKey":${JSON.stringify(row.orderKey)},"version":${row.version}}`;
  }
  return `[${parts.join(",")}]`;
}

const num = (n: number) => JSON.stringify(n);

/** One stored word as written by JSON.stringify (store.ts, rows.ts): {"id","t","s","e","c"[,"o"][,"x":1]}. */
const STORED_WORD =
  /\{"id":("(?:[^"\\]|\\.)*"),"t":("(?:[^"\\]|\\.)*"),"s":(-?[0-9][0-9.eE+-]*),"e":(-?[0-9][0-9.eE+-]*),"c":(-?[0-9][0-9.eE+-]*)(?:,"o":(-?[0-9][0-9.eE+-]*))?(,"x":1)?\}/y;

/** Stored words (either form, stored-words.ts) → WordDto JSON, or null when they are not exactly an expected shape. */
export function wordsJson(stored: string): string | null {
  if (stored === "[]") return stored;
  if (stored[0] !== "[") return null;
  if (stored[1] === "[") return compactWordsJson(stored);
  let out = "[";
  let at = 1;
  for (let position = 0; ; position++) {
    STORED_WORD.lastIndex = at;
    const m = STORED_WORD.exec(stored);
    if (!m) return null;
    out += `${position ? "," : ""}{"id":${m[1]},"text":${m[2]},"startTime":${m[3]},"endTime":${m[4]},"position":${position},"confidenceScore":${m[5]},${m[6] ? `"originalConfidenceScore":${m[6]},` : ""}"hasEntities":${m[7] ? "true" : "false"}}`;
    at = STORED_WORD.lastIndex;
    if (stored[at] === ",") at++;
    else if (stored[at] === "]" && at === stored.length - 1) return `${out}]`;
    else return null;
  }
}

/** The compact form: decoded, then written with the spec's keys in the spec's order. */
function compactWordsJson(stored: string): string {
  const words = decodeWords(stored);
  let out = "[";
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    out += `${i ? "," : ""}{"id":${JSON.stringify(w.id)},"text":${JSON.stringify(w.t)},"startTime":${w.s},"endTime":${w.e},"position":${i},"confidenceScore":${w.c},${w.o === undefined ? "" : `"originalConfidenceScore":${w.o},`}"hasEntities":${w.x === 1}}`;
  }
  return `${out}]`;
}
