// The steps of one transcription run, as plain functions: workflow.ts runs each as a durable
// step, whose result the engine keeps, so a retry, a restart or a deploy never repeats a
// finished one. Each step first checks that the file is still processing this run (a cancel,
// a delete or a newer run ends it), and every write is guarded by the run (file-status.ts).
import { and, eq } from "drizzle-orm";
import { nowIso } from "../../common/time";
import type { Preferences } from "../../common/preferences";
import { parseStoredOptions, type ResolvedOptions } from "../../common/transcription-options";
import { findUserById, preferencesOf } from "../auth/users";
import { getConfig, type Config } from "../config";
import { getDb, type Db } from "../db/client";
import { audioFiles, type AudioFileRow } from "../db/schema";
import { withTranscriptFlag, type AudioFileWithFlag } from "../library/audio-files";
import { announceReady, failProcessing, recordAttempt, recordPieces, scheduleRetry } from "../library/file-status";
import { queueAutomaticSummary } from "../summaries/job";
import { buildTranscriptRows } from "../transcripts/ingest";
import { mergeNewRecognition, saveNewTranscript } from "../transcripts/store";
import { optionsForService } from "./options";
import { pieceKeyOf, type RunParams, runOf } from "./run-key";
import { serviceForUser, serviceInfo, type ServiceName } from "./services";
import {
  type Carried,
  PermanentTranscriptionError,
  pieceCount,
  type RequestPlan,
  RetryableTranscriptionError,
  type TranscriptionInput,
} from "./types";

/** Attempts at one piece: the first and five retries, as the queue allowed a whole file before. */
export const PIECE_MAX_ATTEMPTS = 6;
/** A service that keeps failing on a piece ends the file within this long of that piece's first attempt, with its reason. */
export const FAIL_WITHIN_SECONDS = 5 * 60;
/** No wait between attempts is longer, whatever a service's Retry-After says. */
const MAX_WAIT_SECONDS = 15 * 60;
/** The waits between attempts: `base`, then doubling, capped. */
export const retryDelaySeconds = (base: number, attempt: number) => Math.min(base * 2 ** (attempt - 1), MAX_WAIT_SECONDS);
export const GAVE_UP_REASON = "Transcription failed after several attempts. Please try again later.";
/** A step result stays far under the engine's 1 MiB: a piece's words go to storage, its last words come back. */
const CARRIED_TEXT_CHARS = 200;

/** The file is no longer processing this run: the run stops, changing nothing. */
export type Ended = { ended: true };
/** The run fails the file with this reason, once. */
export type Failed = { failed: string };
const ENDED: Ended = { ended: true };

export interface Prepared {
  service: ServiceName;
  options: ResolvedOptions;
  plan: RequestPlan;
  total: number;
}

export type PieceOutcome =
  | { done: true; carried: Carried }
  | { done: false; firstTriedAt: number; retryInSeconds: number }
  | Failed
  | Ended;

async function activeFile(db: Db, params: RunParams): Promise<AudioFileWithFlag | undefined> {
  const file = await db.select(withTranscriptFlag).from(audioFiles).where(eq(audioFiles.id, params.fileId)).get();
  return file?.status === "processing" && runOf(file) === params.run ? file : undefined;
}

/**
 * The service for the file's uploader (their preference when selection is on and it is available,
 * else the configured one) and their preferences (the personal vocabulary goes with every file);
 * the defaults once that account is gone.
 */
async function chooseService(
  db: Db,
  config: Config,
  userId: string | null,
): Promise<{ serviceName: string; preferences: Preferences | null }> {
  const user = userId === null ? undefined : await findUserById(db, userId);
  const preferences = user ? preferencesOf(user) : null;
  if (!config.FEATURE_SERVICE_SELECTION) return { serviceName: config.TRANSCRIPTION_SERVICE, preferences };
  return { serviceName: serviceForUser(config, preferences?.transcription_service).name, preferences };
}

function mediaInput(env: Env, file: AudioFileRow): TranscriptionInput {
  const read = async (options?: R2GetOptions) => {
    const object = await env.MEDIA.get(file.storageKey, options);
    if (!object) throw new PermanentTranscriptionError("The uploaded media is missing. Please upload the file again.");
    return object.body;
  };
  return {
    open: () => read(),
    openRange: (offset, length) => read({ range: { offset, length } }),
    contentType: file.contentType,
    filename: file.filename,
    size: file.fileSize,
    durationSeconds: file.durationSeconds,
  };
}

const runFile = (file: AudioFileWithFlag, params: RunParams) => ({
  id: file.id,
  run: params.run,
  hasTranscript: Boolean(file.hasTranscript),
});

/** The service, the options it is sent and how the file is cut; the file shows 0 of n pieces. */
export async function prepareRun(env: Env, params: RunParams): Promise<Prepared | Failed | Ended> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const file = await activeFile(db, params);
  if (!file) return ENDED;
  const { serviceName, preferences } = await chooseService(db, config, file.uploadedBy);
  try {
    const info = serviceInfo(serviceName, config);
    if (!info.available(config)) {
      return {
        failed: `${info.label} is not available here. Configure another transcription service (see README, "Real transcription locally").`,
      };
    }
    const options = optionsForService(info, parseStoredOptions(file.transcriptionOptions), preferences);
    const plan = await info.adapter.plan(mediaInput(env, file), config);
    const total = pieceCount(plan);
    await recordPieces(env, db, runFile(file, params), 0, total);
    return { service: info.name, options, plan, total };
  } catch (error) {
    if (error instanceof PermanentTranscriptionError) return { failed: error.message };
    throw error;
  }
}

/** The R2 custom metadata of a stored piece that holds what it carries to the next piece. */
const CARRIED_METADATA = "carried";

/** What piece `index` of this run carried on, when the run stored it already; null when it did not. */
async function keptPiece(env: Env, params: RunParams, index: number): Promise<Carried | null> {
  const head = await env.MEDIA.head(pieceKeyOf(params, index));
  const carried = head?.customMetadata?.[CARRIED_METADATA];
  return carried ? (JSON.parse(carried) as Carried) : null;
}

/**
 * One attempt at piece `index` (0-based): its words are stored under the run and the file shows
 * one more piece done. A failure answers when to try again (the service's Retry-After, else the
 * backoff), or fails the run: at once when retrying cannot help, else after the last attempt.
 */
export async function transcribePiece(
  env: Env,
  params: RunParams,
  prepared: Prepared,
  index: number,
  attempt: number,
  carried: Carried,
  firstTriedAt: number | null,
): Promise<PieceOutcome> {
  const config = getConfig(env);
  const db = getDb(env.DB);
  const file = await activeFile(db, params);
  if (!file) return ENDED;
  // Stored already by this run (its instance restarted from the first step, or the engine ran this step
  // again): that answer is used, so a paid request is never made twice.
  const kept = await keptPiece(env, params, index);
  if (kept) {
    await recordPieces(env, db, runFile(file, params), index + 1, prepared.total);
    return { done: true, carried: kept };
  }
  const startedAt = firstTriedAt ?? Date.now();
  if (attempt > 1) await recordAttempt(db, file.id, attempt);
  try {
    const adapter = serviceInfo(prepared.service, config).adapter;
    const { piece, carried: next } = await adapter.transcribePiece({
      input: mediaInput(env, file),
      plan: prepared.plan,
      index,
      carried,
      env,
      config,
      options: prepared.options,
    });
    const carriedOn: Carried = { language: next.language, text: next.text.slice(-CARRIED_TEXT_CHARS) };
    // What it carries to the next piece goes with it, so a rerun that reuses the piece carries the same.
    await env.MEDIA.put(pieceKeyOf(params, index), JSON.stringify(piece), {
      httpMetadata: { contentType: "application/json" },
      customMetadata: { [CARRIED_METADATA]: JSON.stringify(carriedOn) },
    });
    await recordPieces(env, db, runFile(file, params), index + 1, prepared.total);
    return { done: true, carried: carriedOn };
  } catch (error) {
    if (error instanceof PermanentTranscriptionError) return { failed: error.message };
    const reason = error instanceof Error && error.message ? error.message : "The transcription service failed";
    console.error(`Transcription of ${file.id}, piece ${index + 1} of ${prepared.total}, failed (attempt ${attempt})`, error);
    const asked = error instanceof RetryableTranscriptionError ? error.retryAfterSeconds : null;
    const wait = Math.min(asked ?? retryDelaySeconds(config.TRANSCRIPTION_RETRY_SECONDS, attempt), MAX_WAIT_SECONDS);
    if (attempt >= PIECE_MAX_ATTEMPTS) return { failed: GAVE_UP_REASON };
    // Past the bound a retry would end: fail now with the service's reason.
    if (Date.now() + wait * 1000 - startedAt > FAIL_WITHIN_SECONDS * 1000)
      return { failed: `${reason} (gave up after ${attempt} attempts)` };
    await scheduleRetry(env, db, file.id, attempt, reason, new Date(Date.now() + wait * 1000).toISOString());
    return { done: false, firstTriedAt: startedAt, retryInSeconds: wait };
  }
}

/**
 * The pieces put together and stored exactly as a whole-file job did: a new transcript, or merged
 * into the one the file has, keeping the user's corrections (decision 017). `announce` is false when
 * another delivery or a newer run got there first.
 */
export async function storeRun(
  env: Env,
  params: RunParams,
  prepared: Prepared,
): Promise<{ announce: boolean; hadSummary: boolean } | Failed | Ended> {
  const db = getDb(env.DB);
  const file = await activeFile(db, params);
  if (!file) return ENDED;
  const info = serviceInfo(prepared.service, getConfig(env));
  const pieces: unknown[] = [];
  for (let index = 0; index < prepared.total; index++) {
    const object = await env.MEDIA.get(pieceKeyOf(params, index));
    if (!object) throw new Error(`Piece ${index + 1} of ${prepared.total} of run ${params.run} is missing from storage`);
    pieces.push(await object.json());
  }
  const result = info.adapter.assemble(pieces, prepared.plan, file);
  if (result.utterances.every((u) => u.words.length === 0)) return { failed: "No speech was found in this recording." };
  const rows = buildTranscriptRows(file, result, { service: prepared.service, startedAt: params.run, completedAt: nowIso() });
  const fields = { detectedLanguage: result.language ?? null, notices: prepared.options.notices };
  const merged = await mergeNewRecognition(env, rows, fields, {
    file,
    run: params.run,
    discardCorrections: file.discardCorrections === 1,
    label: { serviceLabel: info.label, language: prepared.options.language, terms: [...prepared.options.terms] },
  });
  if (merged) return { announce: merged.merged, hadSummary: merged.merged ? merged.hadSummary : true };
  // Kept with the file before the transcript commits, so the ready announcement carries them.
  await db
    .update(audioFiles)
    .set({ detectedLanguage: fields.detectedLanguage, transcriptionNotices: fields.notices })
    .where(and(eq(audioFiles.id, file.id), eq(audioFiles.status, "processing")));
  return { announce: await saveNewTranscript(env, rows, params.run, fields), hadSummary: false };
}

/** Open tabs, webhooks and maybe an e-mail hear the file is ready; a summary is written unless it has one. */
export async function announceRun(env: Env, params: RunParams, hadSummary: boolean): Promise<void> {
  const db = getDb(env.DB);
  const file = await db.select().from(audioFiles).where(eq(audioFiles.id, params.fileId)).get();
  if (!file) return;
  await announceReady(env, db, file);
  // A summary the transcript already has (perhaps written by the user) stays.
  if (!hadSummary) await queueAutomaticSummary(env, getConfig(env), file);
}

/** The file fails with the reason, unless it left this run meanwhile. */
export async function failRun(env: Env, params: RunParams, reason: string): Promise<void> {
  const db = getDb(env.DB);
  if (await activeFile(db, params)) await failProcessing(env, db, params.fileId, reason);
}
