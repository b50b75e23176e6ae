import { app } from "./app";
import { handleQueueBatch } from "./queues";
import { sweep } from "./transcription/recovery";

export { UserChannel } from "../durable-objects/user-channel";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  async scheduled(_controller, env, _ctx) {
    await sweep(env);
  },
} satisfies ExportedHandler<Env>;
