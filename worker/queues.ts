import type { z } from "zod";
import { runExportJob } from "./exports/job";
import { errorText, hashUserId, type JobLog, writeLog } from "./lib/request-log";
import { exportMessageSchema, QUEUES, transcriptionQueueMessageSchema, webhookMessageSchema } from "./queue-messages";
import { runWebhookJob } from "./webhooks/delivery";
import { runImportJob } from "./imports/job";
import { runRecordingJob } from "./recordings/job";
import { runSummaryJob } from "./summaries/job";
import { runChaptersJob } from "./chapters/job";
import { runTranscriptionJob } from "./transcription/job";
import { runTranslationJob } from "./translations/job";

export { QUEUES } from "./queue-messages";

interface Consumer<S extends z.ZodType> {
  schema: S;
  run(message: Message<unknown>, body: z.infer<S>, env: Env): Promise<void>;
}
/** What every message carries, whatever its queue. */
type JobBody = { type: string; user_id: string } | { type: string; user_id: string; audio_file_id: string };

const consumer = <S extends z.ZodType>(c: Consumer<S>) => c as Consumer<z.ZodType>;

/** Each queue's message schema and handler (see [[queues.consumers]] in wrangler.toml). */
const CONSUMERS: Record<string, Consumer<z.ZodType>> = {
  [QUEUES.transcription]: consumer({
    schema: transcriptionQueueMessageSchema,
    run: (message, body, env) =>
      body.type === "summarize"
        ? runSummaryJob(message, body, env)
        : body.type === "import"
          ? runImportJob(message, body, env)
          : body.type === "recording"
            ? runRecordingJob(message, body, env)
            : body.type === "chapters"
              ? runChaptersJob(message, body, env)
              : body.type === "translate"
                ? runTranslationJob(message, body, env)
                : runTranscriptionJob(message, body, env),
  }),
  [QUEUES.export]: consumer({ schema: exportMessageSchema, run: runExportJob }),
  [QUEUES.webhook]: consumer({ schema: webhookMessageSchema, run: runWebhookJob }),
};

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const handler = CONSUMERS[batch.queue];
  for (const message of batch.messages) {
    const parsed = handler?.schema.safeParse(message.body);
    if (!handler || !parsed?.success) {
      // Retrying cannot fix a message no consumer understands.
      console.error(`Dropping message ${message.id} on ${batch.queue}: ${handler ? parsed?.error?.message : "no consumer"}`);
      message.ack();
      continue;
    }
    await runLogged(batch.queue, message, parsed.data as JobBody, (tracked) => handler.run(tracked, parsed.data, env));
  }
}

/** Runs one job and writes its log line (worker/lib/request-log.ts): outcome, duration, user and file. */
async function runLogged(queue: string, message: Message<unknown>, body: JobBody, run: (m: Message<unknown>) => Promise<void>) {
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
    throw thrown;
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
