// The queues' retry settings live in wrangler.toml (the platform reads them) and in
// worker/queue-messages.ts (the jobs count attempts against them): they must agree, and every
// kind of job has its queue, its consumer and its dead-letter queue.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUEUE_MAX_RETRIES, QUEUES } from "../../worker/queue-messages";

/** `[[queues.consumers]]` blocks of wrangler.toml: queue name → max_retries and dead-letter queue. */
function consumers(toml: string): Record<string, { retries: number; deadLetter: string | undefined }> {
  const out: Record<string, { retries: number; deadLetter: string | undefined }> = {};
  for (const block of toml.split("[[queues.consumers]]").slice(1)) {
    const queue = /^\s*queue\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const retries = /^\s*max_retries\s*=\s*(\d+)/m.exec(block)?.[1];
    if (queue && retries) out[queue] = { retries: Number(retries), deadLetter: /^\s*dead_letter_queue\s*=\s*"([^"]+)"/m.exec(block)?.[1] };
  }
  return out;
}

/** `[[queues.producers]]` blocks: the queues the Worker sends to. */
const producers = (toml: string) =>
  toml
    .split("[[queues.producers]]")
    .slice(1)
    .map((block) => /^\s*queue\s*=\s*"([^"]+)"/m.exec(block)?.[1]);

describe("queue settings", () => {
  const toml = readFileSync("wrangler.toml", "utf8");

  it("has a queue per kind of job, each consumed with wrangler.toml's max_retries matching the code's and its own dead-letter queue", () => {
    expect(consumers(toml)).toEqual(
      Object.fromEntries(Object.values(QUEUES).map((q) => [q, { retries: QUEUE_MAX_RETRIES[q], deadLetter: `${q}-dlq` }])),
    );
    expect(producers(toml).sort()).toEqual(Object.values(QUEUES).sort());
  });
});
