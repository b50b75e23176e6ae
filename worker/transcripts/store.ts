// The Worker's side of the transcripts: every transcript lives in its file's transcript room
// (decision 053). Each function is one call into that object, made after the caller's role was
// checked; the room answers 404 for a file it has no transcript of, and an edit checks, commits
// and tells the file's open sockets in that one call.
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../core/transcript";
import type { EditHistoryDto } from "../../core/operation-results";
import type { UtteranceState } from "../../core/change";
import type { StoreAnswer } from "../../core/refusal";
import type { DescribedFile, FileFields, MergeOutcome, RetranscriptionLabel } from "../../core/retranscription";
import type { TranscriptRows } from "../../core/transcript-rows";
import type { RecentQuestion } from "../../common/ask";
import type { CommentDto } from "../../common/comments";
import type { HighlightDto } from "../../common/highlights";
import type { RedactionDto, RedactionSuggestionDto } from "../../common/redactions";
import type { IndexPassage } from "../../durable-objects/workspace-index/ask";
import type { CommentActor } from "../../durable-objects/transcript-store/comments";
import type { CommentsChange, CommentsChangeDone } from "../../durable-objects/transcript-store/comment-changes";
import type { HighlightActor, HighlightsChange } from "../../durable-objects/transcript-store/highlights";
import type { EditAnswers, StoreEdit } from "../../durable-objects/transcript-store/edits";
import { transcriptRoom, workspaceIndex } from "../objects";
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
export async function readTranscript(env: Env, fileId: string): Promise<TranscriptDto> {
  return unwrap(await transcriptRoom(env, fileId).openTranscript(fileId));
}

export async function readSpeakers(env: Env, fileId: string): Promise<SpeakerDto[]> {
  return unwrap(await transcriptRoom(env, fileId).transcriptSpeakers(fileId));
}

/** Every utterance in order (the first `first` when given), as the API's JSON text. */
export async function readUtterancesJson(env: Env, fileId: string, first?: number): Promise<string> {
  return unwrap(await transcriptRoom(env, fileId).utterancesJson(fileId, first));
}

/** Every utterance in order, as objects (exports, summaries). */
export async function readUtterances(env: Env, fileId: string): Promise<UtteranceDto[]> {
  return JSON.parse(await readUtterancesJson(env, fileId)) as UtteranceDto[];
}

/** The same in the compact shape, as JSON text. */
export async function readCompactUtterancesJson(env: Env, fileId: string, first?: number): Promise<string> {
  return unwrap(await transcriptRoom(env, fileId).compactUtterancesJson(fileId, first));
}

/** Current states of the named utterances, in order; unknown ids are absent. */
export async function readCurrentStates(env: Env, fileId: string, ids: readonly string[]): Promise<UtteranceState[]> {
  return unwrap(await transcriptRoom(env, fileId).currentStates(fileId, [...ids]));
}

export async function readHistory(env: Env, fileId: string): Promise<EditHistoryDto> {
  return unwrap(await transcriptRoom(env, fileId).editHistory(fileId));
}

/** A file's redactions (never their text). */
export async function readRedactions(env: Env, fileId: string): Promise<RedactionDto[]> {
  return unwrap(await transcriptRoom(env, fileId).listRedactions(fileId));
}

/** Likely personal data in a file's transcript, with counts. */
export async function readRedactionSuggestions(env: Env, fileId: string): Promise<RedactionSuggestionDto[]> {
  return unwrap(await transcriptRoom(env, fileId).redactionSuggestions(fileId));
}

/** A file's comment threads in text order. */
export async function readComments(env: Env, fileId: string): Promise<CommentDto[]> {
  return unwrap(await transcriptRoom(env, fileId).listComments(fileId));
}

/** One change to a file's comments, in one call that also tells the tabs on the file. */
export async function changeComments(
  env: Env,
  fileId: string,
  change: CommentsChange,
  actor: CommentActor,
  clientId: string | null,
): Promise<CommentsChangeDone> {
  return unwrap(await transcriptRoom(env, fileId).changeComments(fileId, change, actor, clientId));
}

/** A file's highlights in text order (one label's when given). */
export async function readHighlights(env: Env, fileId: string, label?: string): Promise<HighlightDto[]> {
  return unwrap(await transcriptRoom(env, fileId).listHighlights(fileId, label));
}

/** A highlight made (its answer) or removed (null), in one call that also tells the tabs on the file. */
export async function changeHighlights(
  env: Env,
  fileId: string,
  change: HighlightsChange,
  actor: HighlightActor,
  clientId: string | null,
): Promise<HighlightDto | null> {
  return unwrap(await transcriptRoom(env, fileId).changeHighlights(fileId, change, actor, clientId));
}

/** Ask's retrieval in a workspace's index (durable-objects/workspace-index/ask.ts), in one file of it when `fileId` is given. */
export async function readAskPassages(
  env: Env,
  workspaceId: string,
  terms: string[],
  opts: { fileId?: string; limit: number; neighbours: number },
): Promise<IndexPassage[]> {
  return unwrap(await workspaceIndex(env, workspaceId).askPassages(terms, opts));
}

/** A file's recent questions, newest first. */
export async function readQuestions(env: Env, fileId: string): Promise<RecentQuestion[]> {
  return unwrap(await transcriptRoom(env, fileId).listQuestions(fileId));
}

/** Keeps an answered question with the file's recent ones. */
export async function keepQuestion(env: Env, fileId: string, question: RecentQuestion): Promise<void> {
  unwrap(await transcriptRoom(env, fileId).saveQuestion(fileId, question));
}

/**
 * One change to a transcript, in one call: the file's room commits and pushes `transcript_changed`
 * to the file's sockets. A re-transcription's undo or redo also brings back its file fields, which
 * D1's copy follows. Answers what the change weighed in history bytes too (the edit limit's charge).
 */
export async function editTranscript<K extends StoreEdit["kind"]>(
  env: Env,
  fileId: string,
  edit: Extract<StoreEdit, { kind: K }>,
  clientId: string | null,
  author: { id: string; name: string } | null = null,
): Promise<{ data: EditAnswers[K]; historyBytes: number }> {
  const done = unwrap<{ data: EditAnswers[K]; file?: DescribedFile; historyBytes: number }>(
    await transcriptRoom(env, fileId).edit(fileId, edit, clientId, author),
  );
  if (done.file) await describedFileStatement(env.DB, fileId, done.file).run();
  return { data: done.data, historyBytes: done.historyBytes };
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
  const store = transcriptRoom(env, t.audioFileId);
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
  const merged = await transcriptRoom(env, t.audioFileId).mergeRetranscription({ rows, fields, run, discardCorrections, label });
  if (!merged) return null;
  if ("ended" in merged) return { merged: false };
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

/**
 * A transcription run ended from outside (a cancel, a newer run): its store calls write nothing from
 * now on. "stored" when the run's recognition is in the store already.
 */
export async function endStoredRun(env: Env, file: Pick<AudioFileRow, "id">, run: string): Promise<"stored" | "ended"> {
  return transcriptRoom(env, file.id).endRun(file.id, run);
}

/** How many utterances of the file a re-transcription would keep; 0 without a transcript. */
export async function correctedUtterances(env: Env, audioFileId: string): Promise<number> {
  return transcriptRoom(env, audioFileId).correctedCount(audioFileId);
}

/** Before files leave D1: their transcripts leave their rooms (and their texts the workspaces' indexes). */
export async function purgeStoredTranscripts(env: Env, files: readonly { id: string }[]): Promise<void> {
  // A few at a time: a folder's deletion can take many files.
  for (let i = 0; i < files.length; i += 6) {
    await Promise.all(files.slice(i, i + 6).map((f) => transcriptRoom(env, f.id).purgeTranscripts([f.id])));
  }
}

/** A file moved between workspaces: its room feeds the new workspace's index, and the old one forgets it. */
export async function moveTranscript(env: Env, fileId: string, workspaceId: string): Promise<void> {
  await transcriptRoom(env, fileId).moveTo(workspaceId);
}
