import { app } from "./app";
import { handleQueueBatch } from "./queues";

export { UserChannel } from "../durable-objects/user-channel";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
} satisfies ExportedHandler<Env>;
