/**
 * Queue consumers are dispatched by queue name. The transcription and export
 * jobs register here as those capabilities land; until then a message is
 * retried (not lost) so it is processed once its consumer exists.
 */
type Handler = (message: Message<unknown>, env: Env, ctx: ExecutionContext) => Promise<void>;

const handlers: Record<string, Handler> = {};

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
  const handler = Object.entries(handlers).find(([prefix]) => batch.queue.startsWith(prefix))?.[1];
  for (const message of batch.messages) {
    if (!handler) {
      console.warn(`No consumer for queue ${batch.queue}; retrying message ${message.id} later`);
      message.retry({ delaySeconds: 60 });
      continue;
    }
    await handler(message, env, ctx);
  }
}
