import { runExportJob } from "./exports/job";
import { runSummaryJob } from "./summaries/job";
import { runTranscriptionJob, type TranscribeMessage } from "./transcription/job";

/** Queue consumers by queue name (see [[queues.consumers]] in wrangler.toml). */
export const QUEUES = {
  transcription: "transcribe-edge-transcription",
  export: "transcribe-edge-export",
} as const;

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  for (const message of batch.messages) {
    if (batch.queue === QUEUES.transcription && (message.body as { type?: unknown } | null)?.type === "summarize") {
      // Summaries share the transcription queue: text generation after (or beside) a transcription.
      await runSummaryJob(message, env);
    } else if (batch.queue === QUEUES.transcription) {
      await runTranscriptionJob(message as Message<TranscribeMessage>, env);
    } else if (batch.queue === QUEUES.export) {
      await runExportJob(message, env);
    } else {
      console.error(`No consumer for queue ${batch.queue}; dropping message ${message.id}`);
      message.ack();
    }
  }
}
