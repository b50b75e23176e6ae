// The Worker's side of the transcript store: every transcript lives in the store object its file
// names (`store_id`, the workspace it was uploaded to; decisions 029 and 039). Each function is
// one call into that object, made after the caller's role was checked; the object answers 404
// for a file it does not hold, and an edit checks, commits and tells the open tabs in that one call.
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../core/transcript";
import type { EditHistoryDto } from "../../core/operation-results";
import type { UtteranceState } from "../../core/change";
import type { StoreAnswer } from "../../core/refusal";
import type { DescribedFile, FileFields, MergeOutcome, RetranscriptionLabel } from "../../core/retranscription";
import type { TranscriptRows } from "../../core/transcript-rows";
import type { RecentQuestion } from "../../common/ask";
import type { CommentDto } from "../../common/comments";
import type { StorePassage } from "../../durable-objects/transcript-store/ask";
import type { CommentActor } from "../../durable-objects/transcript-store/comments";
import type { CommentsChange, CommentsChangeDone } from "../../durable-objects/transcript-store/comment-changes";
import type { EditAnswers, StoreEdit } from "../../durable-objects/transcript-store/edits";
import { userStore } from "../channel";
import type { AudioFileRow } from "../db/schema";
import { readyAfterMergeStatement, readyStatement, whileProcessingRun } from "../library/file-status";
import { ApiError } from "../lib/errors";

/** 409 with the utterances as they now are, so the client can catch up. */
export class StaleUtterancesError extends ApiError {
  constructor(
    message: string,
    readonly utterances: UtteranceDto[],
  ) {
    super(409, message);
  }
}

/** An object's answer as the value it is, or its refusal thrown as the API error (RPC's types widen tuples to arrays). */
export function unwrap<T>(value: unknown): T {
  const a = value as StoreAnswer<T>;
  if (a.ok) return a.value;
  if (a.utterances) throw new StaleUtterancesError(a.error, a.utterances);
  throw new ApiError(a.status, a.error, a.retryAfter ? { "Retry-After": String(a.retryAfter) } : undefined);
}

/** The transcript as GET /transcripts/{id} answers it. */
export async function readTranscript(env: Env, storeId: string, fileId: string): Promise<TranscriptDto> {
  return unwrap(await userStore(env, storeId).openTranscript(fileId));
}

export async function readSpeakers(env: Env, storeId: string, fileId: string): Promise<SpeakerDto[]> {
  return unwrap(await userStore(env, storeId).transcriptSpeakers(fileId));
}

/** Every utterance in order (the first `first` when given), as the API's JSON text. */
export async function readUtterancesJson(env: Env, storeId: string, fileId: string, first?: number): Promise<string> {
  return unwrap(await userStore(env, storeId).utterancesJson(fileId, first));
}

/** Every utterance in order, as objects (exports, summaries). */
export async function readUtterances(env: Env, storeId: string, fileId: string): Promise<UtteranceDto[]> {
  return JSON.parse(await readUtterancesJson(env, storeId, fileId)) as UtteranceDto[];
}

/** The same in the compact shape, as JSON text. */
export async function readCompactUtterancesJson(env: Env, storeId: string, fileId: string, first?: number): Promise<string> {
  return unwrap(await userStore(env, storeId).compactUtterancesJson(fileId, first));
}

/** Current states of the named utterances, in order; unknown ids are absent. */
export async function readCurrentStates(env: Env, storeId: string, fileId: string, ids: readonly string[]): Promise<UtteranceState[]> {
  return unwrap(await userStore(env, storeId).currentStates(fileId, [...ids]));
}

export async function readHistory(env: Env, storeId: string, fileId: string): Promise<EditHistoryDto> {
  return unwrap(await userStore(env, storeId).editHistory(fileId));
}

/** A file's comment threads in text order. */
export async function readComments(env: Env, storeId: string, fileId: string): Promise<CommentDto[]> {
  return unwrap(await userStore(env, storeId).listComments(fileId));
}

/** One change to a file's comments, in one call that also tells the tabs on the file. */
export async function changeComments(
  env: Env,
  storeId: string,
  fileId: string,
  change: CommentsChange,
  actor: CommentActor,
  clientId: string | null,
): Promise<CommentsChangeDone> {
  return unwrap(await userStore(env, storeId).changeComments(fileId, change, actor, clientId));
}

/** Ask's retrieval in one store (durable-objects/transcript-store/ask.ts); 404 for a file it does not hold. */
export async function readAskPassages(
  env: Env,
  storeId: string,
  terms: string[],
  opts: { fileId?: string; limit: number; neighbours: number },
): Promise<StorePassage[]> {
  return unwrap(await userStore(env, storeId).askPassages(terms, opts));
}

/** A file's recent questions, newest first. */
export async function readQuestions(env: Env, storeId: string, fileId: string): Promise<RecentQuestion[]> {
  return unwrap(await userStore(env, storeId).listQuestions(fileId));
}

/** Keeps an answered question with the file's recent ones. */
export async function keepQuestion(env: Env, storeId: string, fileId: string, question: RecentQuestion): Promise<void> {
  unwrap(await userStore(env, storeId).saveQuestion(fileId, question));
}

/**
 * One change to a transcript, in one call: the object checks the file is its user's, commits, and
 * pushes `transcript_changed` to the user's tabs. A re-transcription's undo or redo also brings
 * back its file fields, which D1's copy follows.
 */
export async function editTranscript<K extends StoreEdit["kind"]>(
  env: Env,
  storeId: string,
  fileId: string,
  edit: Extract<StoreEdit, { kind: K }>,
  clientId: string | null,
  author: { id: string; name: string } | null = null,
): Promise<EditAnswers[K]> {
  const done = unwrap<{ data: EditAnswers[K]; file?: DescribedFile }>(await userStore(env, storeId).edit(fileId, edit, clientId, author));
  if (done.file) await describedFileStatement(env.DB, fileId, done.file).run();
  return done.data;
}

/**
 * Writes a finished transcription and marks the file ready: the content first, then D1's header
 * row and the file's status in one batch, so the transcript is readable before the file says
 * ready. A crash between them leaves the file processing, and the retried job finishes D1's
 * half. False (nothing marked) when the file is no longer processing this run: another delivery
 * finished it, or a newer run began; a run the store holds already is kept as it is.
 */
export async function saveNewTranscript(env: Env, rows: TranscriptRows, run: string, fields: FileFields): Promise<boolean> {
  const t = rows.transcript;
  const store = userStore(env, t.storeId);
  const { transcriptId } = await store.ingestTranscript(rows, run, fields);
  const db = env.DB;
  const thisRun = whileProcessingRun("?1", "?2");
  const [, , ready] = await db.batch([
    db.prepare(`DELETE FROM transcripts WHERE audio_file_id = ?1 AND ${thisRun}`).bind(t.audioFileId, run),
    db
      .prepare(`INSERT INTO transcripts (id, audio_file_id, created_at) SELECT ?3, ?1, ?4 WHERE ${thisRun}`)
      .bind(t.audioFileId, run, transcriptId, t.completedAt),
    readyStatement(db, t.audioFileId, run, t.transcriptionService, t.duration, t.completedAt),
  ]);
  if (ready!.meta.changes) return true;
  // The file was deleted meanwhile: nothing else would ever remove the object's copy.
  if (!(await db.prepare("SELECT 1 FROM audio_files WHERE id = ?").bind(t.audioFileId).first())) {
    await store.purgeTranscripts([t.audioFileId]);
    throw new Error(`File ${t.audioFileId} was deleted while its transcript was written`);
  }
  return false;
}

/**
 * A new recognition of a file that has a transcript, merged in around the user's corrections
 * (decision 017); null when it has none (the caller saves a fresh one). The merge commits first,
 * then D1's copy of the file fields and the ready mark, guarded by the run: `{merged: false}`
 * when another delivery finished the file meanwhile.
 */
export async function mergeNewRecognition(
  env: Env,
  rows: TranscriptRows,
  fields: FileFields,
  opts: { file: Pick<AudioFileRow, "processingStartedAt">; run: string; discardCorrections: boolean; label: RetranscriptionLabel },
): Promise<MergeOutcome | null> {
  const t = rows.transcript;
  const { discardCorrections, label, run } = opts;
  const merged = await userStore(env, t.storeId).mergeRetranscription({ rows, fields, run, discardCorrections, label });
  if (!merged) return null;
  const db = env.DB;
  const fileRun = opts.file.processingStartedAt;
  const [, , ready] = await db.batch([
    describedFileStatement(db, t.audioFileId, merged.file),
    // The header too, in case this run's first delivery stored the transcript and stopped before D1 heard of it.
    db
      .prepare(
        `INSERT INTO transcripts (id, audio_file_id, created_at)
         SELECT ?3, ?1, ?4 WHERE EXISTS (SELECT 1 FROM audio_files WHERE id = ?1 AND status = 'processing' AND processing_started_at IS ?2)
         ON CONFLICT DO NOTHING`,
      )
      .bind(t.audioFileId, fileRun, merged.transcriptId, t.completedAt),
    readyAfterMergeStatement(db, t.audioFileId, fileRun, merged.duration, t.completedAt),
  ]);
  if (!ready!.meta.changes) return { merged: false };
  return { merged: true, kept: merged.kept, hadSummary: merged.hadSummary };
}

/** D1's copy of the file fields the store changed, unless it holds a newer one. */
function describedFileStatement(db: D1Database, fileId: string, file: DescribedFile): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE audio_files SET transcription_service = ?1, detected_language = ?2, transcription_notices = ?3, transcript_fields_seq = ?4
       WHERE id = ?5 AND transcript_fields_seq < ?4`,
    )
    .bind(file.service, file.detectedLanguage, file.notices ? JSON.stringify(file.notices) : null, file.seq, fileId);
}

/** How many utterances of the file a re-transcription would keep; 0 without a transcript. */
export async function correctedUtterances(env: Env, storeId: string, audioFileId: string): Promise<number> {
  return userStore(env, storeId).correctedCount(audioFileId);
}

/** Before files leave D1: their transcripts leave their owners' objects. */
export async function purgeStoredTranscripts(env: Env, files: readonly { id: string; storeId: string }[]): Promise<void> {
  const byStore = new Map<string, string[]>();
  for (const f of files) byStore.set(f.storeId, [...(byStore.get(f.storeId) ?? []), f.id]);
  for (const [storeId, ids] of byStore) await userStore(env, storeId).purgeTranscripts(ids);
}
