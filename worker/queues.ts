// The consumers of every queue (one per kind of job, worker/queue-messages.ts). A job that throws is
// tried again with a growing wait; after its queue's last try its state says it failed and why
// (its give-up), and the message moves to the queue's dead-letter queue for the operator.
import { runChaptersJob, giveUpChapters } from "./chapters/job";
import { giveUpExport, runExportJob } from "./exports/job";
import { giveUpImport, runImportJob } from "./imports/job";
import { errorText, hashUserId, type JobLog, writeLog } from "./lib/request-log";
import { type JobMessage, jobMessageSchema, maxAttempts, QUEUES, type QueueName } from "./queue-messages";
import { giveUpRecording, runRecordingJob } from "./recordings/job";
import { giveUpSummary, runSummaryJob } from "./summaries/job";
import { giveUpTranscription, runTranscriptionJob } from "./transcription/job";
import { giveUpTranslation, runTranslationJob } from "./translations/job";
import { runWebhookJob } from "./webhooks/delivery";
import { giveUpMediaRedaction, runMediaRedactionJob } from "./redactions/media-job";

export { QUEUES } from "./queue-messages";

type Of<T extends JobMessage["type"]> = Extract<JobMessage, { type: T }>;
interface Job<T extends JobMessage["type"]> {
  run(message: Message<unknown>, body: Of<T>, env: Env): Promise<void>;
  /** After the last try threw: the job's state says it failed, with `reason`. */
  giveUp(env: Env, body: Of<T>, reason: unknown): Promise<void>;
}

const JOBS: { [T in JobMessage["type"]]: Job<T> } = {
  transcribe: { run: runTranscriptionJob, giveUp: giveUpTranscription },
  import: { run: runImportJob, giveUp: giveUpImport },
  recording: { run: runRecordingJob, giveUp: giveUpRecording },
  summarize: { run: runSummaryJob, giveUp: giveUpSummary },
  chapters: { run: runChaptersJob, giveUp: giveUpChapters },
  translate: { run: runTranslationJob, giveUp: giveUpTranslation },
  export: { run: runExportJob, giveUp: giveUpExport },
  // A delivery's attempts are in its webhook's delivery log already.
  webhook: { run: runWebhookJob, giveUp: async () => {} },
  redact_media: { run: runMediaRedactionJob, giveUp: giveUpMediaRedaction },
};

const isQueue = (name: string): name is QueueName => (Object.values(QUEUES) as string[]).includes(name);

/** The wait before the next try: the first retry after 10 s, doubling, at most 10 minutes. */
export const jobRetryDelaySeconds = (attempt: number) => Math.min(10 * 2 ** (attempt - 1), 600);

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  for (const message of batch.messages) {
    const parsed = jobMessageSchema.safeParse(message.body);
    if (!parsed.success || !isQueue(batch.queue)) {
      // Retrying cannot fix a message no consumer understands.
      console.error(`Dropping message ${message.id} on ${batch.queue}: ${parsed.error?.message ?? "no such queue"}`);
      message.ack();
      continue;
    }
    const body = parsed.data;
    const job = JOBS[body.type] as Job<typeof body.type>;
    const last = message.attempts >= maxAttempts(batch.queue);
    await runLogged(
      batch.queue,
      message,
      body,
      (tracked) => job.run(tracked, body, env),
      async (error) => {
        if (!last) return message.retry({ delaySeconds: jobRetryDelaySeconds(message.attempts) });
        try {
          await job.giveUp(env, body, error);
        } finally {
          // Past its last try the queue moves it to the dead-letter queue.
          message.retry();
        }
      },
    );
  }
}

/** Runs one job and writes its log line (worker/lib/request-log.ts): outcome, duration, user and file. */
async function runLogged(
  queue: string,
  message: Message<unknown>,
  body: JobMessage,
  run: (m: Message<unknown>) => Promise<void>,
  failed: (error: unknown) => Promise<void>,
) {
  const started = Date.now();
  let outcome: JobLog["outcome"] = "none";
  // The consumer sees the same message; what it decides is recorded on the way.
  const tracked: Message<unknown> = {
    id: message.id,
    timestamp: message.timestamp,
    body: message.body,
    attempts: message.attempts,
    ack: () => {
      outcome = "ack";
      message.ack();
    },
    retry: (options) => {
      outcome = "retry";
      message.retry(options);
    },
  };
  let error: unknown;
  try {
    await run(tracked);
  } catch (thrown) {
    outcome = "error";
    error = thrown;
    // Handled here, never thrown on: a throw from the consumer would retry the whole batch at once.
    await failed(thrown).catch((giveUpError) => {
      error = new AggregateError([thrown, giveUpError], `${errorText(thrown)}; its give-up failed: ${errorText(giveUpError)}`);
    });
  } finally {
    const fileId = "audio_file_id" in body ? body.audio_file_id : undefined;
    writeLog({
      kind: "job",
      requestId: crypto.randomUUID(),
      queue,
      messageId: message.id,
      jobType: body.type,
      attempt: message.attempts,
      outcome,
      durationMs: Date.now() - started,
      userHash: await hashUserId(body.user_id),
      ...(fileId ? { fileId } : {}),
      ...(error ? { error: errorText(error) } : {}),
    });
  }
}
