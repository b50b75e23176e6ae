// Summary jobs on their own queue: one after every new transcript (when a model is
// configured), and one whenever the user asks to regenerate. A job never touches the
// file's status, so a summary can never fail a transcription; the automatic one never
// replaces a summary the user has written meanwhile. A model that fails is tried again
// by the queue (worker/queues.ts); after the last try a requested summary says why.
import type { SummaryType } from "../../core/transcript";
import type { SummarizeMessage } from "../queue-messages";
import { getConfig } from "../config";
import { conflict } from "../lib/errors";
import { failedBecause } from "../lib/job-failure";
import { jobTarget, queueOrFail, transcriptLines } from "../lib/model-jobs";
import { publishDetailsChanged } from "../live/publish";
import type { Config } from "../config";
import { chatModel, summaryModelName } from "./chat-models";
import { currentSummary, markSummary, saveSummary, type SummaryOf } from "./stored-summary";
import { summarize } from "./summarize";

export const SUMMARY_MESSAGES = {
  unavailable: "Summary generation is not available: no language model is configured",
  failed: "The summary could not be generated. Please try again later.",
} as const;

export async function enqueueSummary(env: Env, audioFileId: string, userId: string, type: SummaryType, requested: boolean): Promise<void> {
  const message: SummarizeMessage = {
    type: "summarize",
    audio_file_id: audioFileId,
    user_id: userId,
    summary_type: type,
    requested,
  };
  await env.SUMMARY_QUEUE.send(message);
}

/** After a new transcript: a summary when a model is configured. Never throws (a transcription never fails for it). */
export async function queueAutomaticSummary(
  env: Env,
  config: Config,
  file: { id: string; uploadedBy: string | null; workspaceId: string },
): Promise<void> {
  if (!summaryModelName(config)) return;
  try {
    await enqueueSummary(env, file.id, file.uploadedBy ?? file.workspaceId, "bullets", false);
  } catch (error) {
    console.error("Could not queue the summary of", file.id, error);
  }
}

/** The user asks for a (new) summary: marked generating, then queued; 409 when no model is configured. */
export async function requestSummary(env: Env, config: Config, row: SummaryOf, userId: string, type: SummaryType): Promise<void> {
  if (!summaryModelName(config)) throw conflict(SUMMARY_MESSAGES.unavailable);
  await markSummary(env, row, "generating", null);
  await queueOrFail(
    { kind: "summary", fileId: row.audioFileId, failed: SUMMARY_MESSAGES.failed },
    () => enqueueSummary(env, row.audioFileId, userId, type, true),
    () => markSummary(env, row, "failed", SUMMARY_MESSAGES.failed),
  );
}

export async function runSummaryJob(message: Message<unknown>, job: SummarizeMessage, env: Env): Promise<void> {
  const row = await jobTarget(env, job.audio_file_id);
  // Gone, or (automatic) the user wrote a summary first.
  if (!row || (!job.requested && (await currentSummary(env, row)))) {
    message.ack();
    return;
  }
  const config = getConfig(env);
  const model = chatModel(env, config);
  if (!model) {
    if (job.requested) await finish(env, row, "failed", SUMMARY_MESSAGES.unavailable);
    message.ack();
    return;
  }
  const { lines } = await transcriptLines(env, row.audioFileId);
  const text = await summarize(model, lines, job.summary_type);
  if (text) await saveSummary(env, row, text, { summaryType: job.summary_type, summaryModel: model.name }, job.requested);
  else await markSummary(env, row, null, null);
  message.ack();
  await publishDetailsChanged(env, row.workspaceId, job.audio_file_id);
}

/** A requested summary failed: marked so only while still awaited (a later request may have succeeded since). */
async function finish(env: Env, row: SummaryOf & { workspaceId: string }, status: "failed", error: string) {
  if (await markSummary(env, row, status, error, true)) await publishDetailsChanged(env, row.workspaceId, row.audioFileId);
}

/** Failed on the queue's last try: a requested summary says why (an automatic one is just not written). */
export async function giveUpSummary(env: Env, job: SummarizeMessage, error: unknown): Promise<void> {
  const row = job.requested ? await jobTarget(env, job.audio_file_id) : undefined;
  if (row) await finish(env, row, "failed", failedBecause(SUMMARY_MESSAGES.failed, error));
}
