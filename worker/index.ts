import { app } from "./app";
import { errorText, writeLog } from "./lib/request-log";
import { handleQueueBatch } from "./queues";
import { sweep } from "./transcription/recovery";
import { getDb } from "./db/client";
import { purgeOldActivity } from "./workspaces/activity";
import { sendCommentDigests } from "./comments/digest";
import { getConfig } from "./config";

export { PersonChannel } from "../durable-objects/person-channel";
export { TranscriptRoom } from "../durable-objects/transcript-room";
export { WorkspaceIndex } from "../durable-objects/workspace-index";
export { TranscriptionWorkflow } from "./transcription/workflow";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  async scheduled(controller, env, _ctx) {
    const started = Date.now();
    try {
      const result = await sweep(env);
      const activityRemoved = await purgeOldActivity(getDb(env.DB));
      const commentDigests = await sendCommentDigests(env, getConfig(env), getDb(env.DB));
      writeLog({
        kind: "cron",
        requestId: crypto.randomUUID(),
        cron: controller.cron,
        durationMs: Date.now() - started,
        sweep: { ...result, activityRemoved, commentDigests },
      });
    } catch (error) {
      writeLog({
        kind: "cron",
        requestId: crypto.randomUUID(),
        cron: controller.cron,
        durationMs: Date.now() - started,
        error: errorText(error),
      });
      throw error;
    }
  },
} satisfies ExportedHandler<Env>;
