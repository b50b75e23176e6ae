// The queues' retry settings live in wrangler.toml (the platform reads them) and in
// worker/queue-messages.ts (the jobs count attempts against them): they must agree.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUEUE_MAX_RETRIES, QUEUES } from "../../worker/queue-messages";

/** `[[queues.consumers]]` blocks of wrangler.toml: queue name → max_retries. */
function consumerRetries(toml: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const block of toml.split("[[queues.consumers]]").slice(1)) {
    const queue = /^\s*queue\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const retries = /^\s*max_retries\s*=\s*(\d+)/m.exec(block)?.[1];
    if (queue && retries) out[queue] = Number(retries);
  }
  return out;
}

describe("queue settings", () => {
  it("wrangler.toml's max_retries match the code's", () => {
    const retries = consumerRetries(readFileSync("wrangler.toml", "utf8"));
    expect(retries).toEqual({
      [QUEUES.transcription]: QUEUE_MAX_RETRIES[QUEUES.transcription],
      [QUEUES.export]: QUEUE_MAX_RETRIES[QUEUES.export],
      [QUEUES.webhook]: QUEUE_MAX_RETRIES[QUEUES.webhook],
    });
  });
});
