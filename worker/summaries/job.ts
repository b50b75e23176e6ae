// Summary jobs on the transcription queue: one after every new transcript (when
// a model is configured), and one whenever the user asks to regenerate. A job
// never touches the file's status, so a summary can never fail a transcription;
// the automatic one never replaces a summary the user has written meanwhile.
import { and, eq, isNull } from "drizzle-orm";
import type { TranscriptChangedMessage } from "../../common/live-messages";
import type { SummaryType } from "../../common/transcript";
import type { SummarizeMessage } from "../queue-messages";
import { getConfig } from "../config";
import { getDb, type Db } from "../db/client";
import { transcripts, type TranscriptRow } from "../db/schema";
import { ApiError, conflict } from "../lib/errors";
import { nowIso } from "../lib/time";
import { updateFields } from "../transcripts/details-edits";
import { publish } from "../live/publish";
import { listSpeakers, listUtterances } from "../transcripts/read";
import type { Config } from "../config";
import { chatModel, summaryModelName } from "./chat-models";
import { summarize } from "./summarize";

export const SUMMARY_MAX_ATTEMPTS = 3;
export const SUMMARY_MESSAGES = {
  unavailable: "Summary generation is not available: no language model is configured",
  failed: "The summary could not be generated. Please try again later.",
} as const;

export async function enqueueSummary(
  env: Env,
  file: { audioFileId: string; userId: string },
  type: SummaryType,
  requested: boolean,
): Promise<void> {
  const message: SummarizeMessage = {
    type: "summarize",
    audio_file_id: file.audioFileId,
    user_id: file.userId,
    summary_type: type,
    requested,
  };
  await env.TRANSCRIPTION_QUEUE.send(message);
}

/** After a new transcript: a summary when a model is configured. Never throws (a transcription never fails for it). */
export async function queueAutomaticSummary(env: Env, config: Config, file: { id: string; userId: string }): Promise<void> {
  if (!summaryModelName(config)) return;
  try {
    await enqueueSummary(env, { audioFileId: file.id, userId: file.userId }, "bullets", false);
  } catch (error) {
    console.error("Could not queue the summary of", file.id, error);
  }
}

/** The user asks for a (new) summary: marked generating, then queued; 409 when no model is configured. */
export async function requestSummary(env: Env, db: Db, config: Config, row: TranscriptRow, type: SummaryType): Promise<TranscriptRow> {
  if (!summaryModelName(config)) throw conflict(SUMMARY_MESSAGES.unavailable);
  const marked = await db
    .update(transcripts)
    .set({ summaryStatus: "generating", summaryError: null, updatedAt: nowIso() })
    .where(eq(transcripts.id, row.id))
    .returning()
    .get();
  try {
    await enqueueSummary(env, { audioFileId: row.audioFileId, userId: row.userId }, type, true);
  } catch (error) {
    console.error("Could not queue the summary of", row.audioFileId, error);
    await setSummaryStatus(db, row.id, "failed", SUMMARY_MESSAGES.failed);
    throw new ApiError(503, SUMMARY_MESSAGES.failed);
  }
  return marked ?? row;
}

const changed = (audioFileId: string): TranscriptChangedMessage => ({
  type: "transcript_changed",
  file_id: audioFileId,
  utterance_ids: [],
  removed_utterance_ids: [],
  details_changed: true,
  client_id: null,
});

async function setSummaryStatus(db: Db, id: string, status: TranscriptRow["summaryStatus"], error: string | null) {
  await db.update(transcripts).set({ summaryStatus: status, summaryError: error, updatedAt: nowIso() }).where(eq(transcripts.id, id));
}

export async function runSummaryJob(message: Message<unknown>, job: SummarizeMessage, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const row = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.audioFileId, job.audio_file_id), eq(transcripts.userId, job.user_id)))
    .get();
  // Gone, or (automatic) the user wrote a summary first, or its store takes no summary yet (decision 023).
  if (!row || (!job.requested && row.summary) || row.store !== "d1") {
    message.ack();
    return;
  }
  const config = getConfig(env);
  const model = chatModel(env, config);
  if (!model) {
    if (job.requested) await finish(env, db, row, "failed", SUMMARY_MESSAGES.unavailable);
    message.ack();
    return;
  }
  let text: string | null;
  try {
    const [speakers, utterances] = await Promise.all([listSpeakers(db, row.id), listUtterances(db, row.id)]);
    const names = new Map(speakers.map((s) => [s.id, s.displayName]));
    const lines = utterances.map((u) => ({
      speaker: names.get(u.speakerId) ?? "Speaker",
      text: u.transcriptWords.map((w) => w.text).join(" "),
    }));
    text = await summarize(model, lines, job.summary_type);
  } catch (error) {
    console.error(`Summary of ${job.audio_file_id} failed (attempt ${message.attempts})`, error);
    if (message.attempts < SUMMARY_MAX_ATTEMPTS) {
      message.retry({ delaySeconds: 30 * message.attempts });
      return;
    }
    if (job.requested) await finish(env, db, row, "failed", SUMMARY_MESSAGES.failed);
    message.ack();
    return;
  }
  if (text) await store(db, env, row, text, job, model.name);
  else await setSummaryStatus(db, row.id, null, null);
  message.ack();
  await publish(env, job.user_id, changed(job.audio_file_id));
}

async function store(db: Db, env: Env, row: TranscriptRow, text: string, job: SummarizeMessage, modelName: string): Promise<void> {
  const meta = { summaryType: job.summary_type, summaryModel: modelName, summaryStatus: null, summaryError: null, updatedAt: nowIso() };
  if (job.requested) {
    // The user asked: their previous summary is kept in the edit history (undo brings it back).
    const fresh = await db.select().from(transcripts).where(eq(transcripts.id, row.id)).get();
    if (!fresh) return;
    await updateFields(env.DB, fresh, { summary: text });
    await db.update(transcripts).set(meta).where(eq(transcripts.id, row.id));
    return;
  }
  // Written only if there is still no summary: never over one the user wrote meanwhile.
  await db
    .update(transcripts)
    .set({ summary: text, ...meta })
    .where(and(eq(transcripts.id, row.id), isNull(transcripts.summary)));
}

/** A requested summary failed: marked so only while still awaited (a later request may have succeeded since). */
async function finish(env: Env, db: Db, row: TranscriptRow, status: "failed", error: string) {
  const marked = await db
    .update(transcripts)
    .set({ summaryStatus: status, summaryError: error, updatedAt: nowIso() })
    .where(and(eq(transcripts.id, row.id), eq(transcripts.summaryStatus, "generating")))
    .returning({ id: transcripts.id })
    .get();
  if (marked) await publish(env, row.userId, changed(row.audioFileId));
}
