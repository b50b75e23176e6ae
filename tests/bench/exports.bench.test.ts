// Run by `npm run bench`: the export queue's consumer in workerd on the generated
// 3-hour transcript, end to end (D1 read, rendering, R2 write), per format.
// Reports, never asserts timing (CPU and memory per format: scripts/bench-exports.mjs).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { EXPORT_FORMATS, DEFAULT_EXPORT_OPTIONS, type ExportFormat } from "../../common/exports";
import { getDb } from "../../worker/db/client";
import { createExport, findExport } from "../../worker/exports/store";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { createUser } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import { threeHourTranscript } from "../support/three-hour";

const RUNS = 3;

it("generates every format of a 3-hour transcript in the consumer", async () => {
  const user = await createUser("bench-export");
  const { fileId } = await storeTranscript(user, threeHourTranscript());
  const lines: string[] = [];
  for (const format of Object.keys(EXPORT_FORMATS) as ExportFormat[]) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const row = await createExport(getDb(env.DB), {
        userId: user.id,
        audioFileId: fileId,
        fileName: "board.mp3",
        format,
        options: DEFAULT_EXPORT_OPTIONS,
      });
      const batch = createMessageBatch(QUEUES.export, [
        { id: `b-${row.id}`, timestamp: new Date(), attempts: 1, body: { type: "export", export_id: row.id, user_id: user.id } },
      ]);
      const ctx = createExecutionContext();
      const started = performance.now();
      await worker.queue(batch, env, ctx);
      times.push(performance.now() - started);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
      const done = await findExport(getDb(env.DB), row.id);
      expect(done?.status).toBe("completed");
      size = done!.sizeBytes!;
    }
    const sorted = [...times].sort((a, b) => a - b);
    lines.push(
      `  ${format.padEnd(5)} ${sorted[0]!.toFixed(0)} / ${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} / ${sorted.at(-1)!.toFixed(0)} ms · ${(size / 1024).toFixed(0)} KB`,
    );
  }
  console.log(
    `\nBENCH export consumer in workerd, 3 h transcript (30,000 words), ${RUNS} runs each (min / median / max wall time, D1 read + render + R2 write):\n${lines.join("\n")}`,
  );
});
