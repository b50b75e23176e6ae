import type { z } from "zod";
import { runExportJob } from "./exports/job";
import { exportMessageSchema, QUEUES, transcriptionQueueMessageSchema } from "./queue-messages";
import { runSummaryJob } from "./summaries/job";
import { runTranscriptionJob } from "./transcription/job";

export { QUEUES } from "./queue-messages";

interface Consumer<S extends z.ZodType> {
  schema: S;
  run(message: Message<unknown>, body: z.infer<S>, env: Env): Promise<void>;
}
const consumer = <S extends z.ZodType>(c: Consumer<S>) => c as Consumer<z.ZodType>;

/** Each queue's message schema and handler (see [[queues.consumers]] in wrangler.toml). */
const CONSUMERS: Record<string, Consumer<z.ZodType>> = {
  [QUEUES.transcription]: consumer({
    schema: transcriptionQueueMessageSchema,
    run: (message, body, env) => (body.type === "summarize" ? runSummaryJob(message, body, env) : runTranscriptionJob(message, body, env)),
  }),
  [QUEUES.export]: consumer({ schema: exportMessageSchema, run: runExportJob }),
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
    await handler.run(message, parsed.data, env);
  }
}
