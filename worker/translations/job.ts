// Translation runs on their own queue (decision 048). A request starts a run in the
// file's store and queues its job; the job translates the run's utterances batch by batch,
// saving each batch as it is done, so a retried job (at-least-once delivery, or a model that
// failed) does only what is left. A later request replaces the run: the older job's batches are
// then refused and it stops. A job never touches the file's status or its transcript.
import { eq } from "drizzle-orm";
import { isOwnLanguage, TRANSLATION_LIMITS, TRANSLATION_MESSAGES } from "../../common/translations";
import type { TranscriptionOptions } from "../../common/transcription-options";
import { getConfig, type Config } from "../config";
import { getDb } from "../db/client";
import { audioFiles } from "../db/schema";
import { ApiError, conflict } from "../lib/errors";
import { failedBecause } from "../lib/job-failure";
import { queueOrFail } from "../lib/model-jobs";
import type { TranslateMessage } from "../queue-messages";
import { finishTranslationRun, requestTranslationRun, saveTranslatedBatch, startTranslationRun, type TranslationOf } from "./store";
import { batchesOf, inParallel, TranslationUnreadable, translationModelName, translatorFor } from "./translate";

/** The language a file's transcript is in: the one detected, else the one asked for (null: unknown). */
export const transcriptLanguage = (file: { detectedLanguage: string | null; transcriptionOptions: TranscriptionOptions | null }) =>
  file.detectedLanguage ?? file.transcriptionOptions?.language ?? null;

/** A new run, queued: 409 without a model, 422 for the transcript's own language, 404 (the store's) without a transcript. */
export async function requestTranslation(
  env: Env,
  config: Config,
  file: { id: string; detectedLanguage: string | null; transcriptionOptions: TranscriptionOptions | null },
  userId: string,
  input: { language: string; only_stale: boolean },
): Promise<void> {
  if (!translationModelName(config)) throw conflict(TRANSLATION_MESSAGES.unavailable);
  if (isOwnLanguage(input.language, transcriptLanguage(file))) throw new ApiError(422, TRANSLATION_MESSAGES.sameLanguage);
  const of = { fileId: file.id, language: input.language };
  const run = await requestTranslationRun(env, of, input.only_stale);
  const message: TranslateMessage = { type: "translate", audio_file_id: file.id, user_id: userId, language: input.language, run };
  await queueOrFail(
    { kind: "translation", fileId: file.id, failed: TRANSLATION_MESSAGES.failed },
    () => env.TRANSLATION_QUEUE.send(message),
    () => finishTranslationRun(env, of, run, TRANSLATION_MESSAGES.failed),
  );
}

export async function runTranslationJob(message: Message<unknown>, job: TranslateMessage, env: Env): Promise<void> {
  // The file's store and language as they are now (a file may have moved since the job was queued).
  const file = await getDb(env.DB)
    .select({
      detectedLanguage: audioFiles.detectedLanguage,
      transcriptionOptions: audioFiles.transcriptionOptions,
    })
    .from(audioFiles)
    .where(eq(audioFiles.id, job.audio_file_id))
    .get();
  if (!file) return message.ack();
  const of: TranslationOf = { fileId: job.audio_file_id, language: job.language };
  const fail = async (error: string) => {
    await finishTranslationRun(env, of, job.run, error);
    message.ack();
  };
  let work: Awaited<ReturnType<typeof startTranslationRun>>;
  try {
    work = await startTranslationRun(env, of, job.run);
  } catch (error) {
    // The transcript is gone (404): nothing to translate.
    if (error instanceof ApiError && error.status === 404) return message.ack();
    throw error;
  }
  // Replaced by a later request, or finished by an earlier delivery.
  if (!work) return message.ack();
  const translator = translatorFor(env, getConfig(env));
  if (!translator) return fail(TRANSLATION_MESSAGES.unavailable);
  const from = transcriptLanguage(file);
  try {
    await inParallel(batchesOf(work, TRANSLATION_LIMITS.batchChars), translator.parallel, async (batch) => {
      let texts: string[];
      try {
        texts = await translator.translate(
          batch.map((u) => u.text),
          from,
          job.language,
        );
      } catch (error) {
        if (error instanceof TranslationUnreadable)
          throw new TranslationUnreadable(TRANSLATION_MESSAGES.malformed(batch[0]!.position, batch.at(-1)!.position));
        throw error;
      }
      const items = batch.map((u, i) => ({ key: u.key, fingerprint: u.fingerprint, text: texts[i]! }));
      if (!(await saveTranslatedBatch(env, of, job.run, items))) throw new RunReplaced();
    });
  } catch (error) {
    if (error instanceof RunReplaced) return message.ack();
    if (error instanceof TranslationUnreadable) return fail(error.message);
    // Tried again by the queue (worker/queues.ts), doing only the batches not yet saved.
    throw error;
  }
  await finishTranslationRun(env, of, job.run, null);
  message.ack();
}

/** A later request replaced this run (or it was finished meanwhile): the job stops. */
class RunReplaced extends Error {}

/** Failed on the queue's last try: the run says why (a later request may have replaced it: then nothing changes). */
export async function giveUpTranslation(env: Env, job: TranslateMessage, error: unknown): Promise<void> {
  await finishTranslationRun(
    env,
    { fileId: job.audio_file_id, language: job.language },
    job.run,
    failedBecause(TRANSLATION_MESSAGES.failed, error),
  );
}
