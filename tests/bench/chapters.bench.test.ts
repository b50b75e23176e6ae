// Run by `npm run bench` (scripts/bench-search.mjs; not part of `npm test`): the chapters of a
// 3-hour transcript (30,000 words in 3,000 utterances) generated in one job on the transcription
// queue with the fake chat model: the windows the transcript goes in, the job's time, the
// chapters written. The budget is one job; the time is reported, never asserted.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { CHAPTER_WINDOW_CHARS } from "../../common/chapters";
import { chapterWindows } from "../../worker/chapters/generate";
import { readChapters } from "../../worker/chapters/stored-chapters";
import worker from "../../worker/index";
import { QUEUES } from "../../worker/queues";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { threeHourTranscript, UTTERANCES } from "../support/three-hour";
import { createUser } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";

const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "bench-chat-model" },
}) as Env;

it("generates the chapters of a 3-hour transcript in one job", { timeout: 600_000 }, async () => {
  const user = await createUser("bench-chapters");
  const transcript = threeHourTranscript();
  const { fileId } = await storeTranscript(user, transcript);
  const lines = transcript.utterances.map((u, i) => ({
    number: i + 1,
    time: u.start,
    speaker: `Speaker ${Number(u.speaker) + 1}`,
    text: u.words.map((w) => w.text).join(" "),
  }));
  const windows = chapterWindows(lines);

  const batch = createMessageBatch(QUEUES.chapters, [
    { id: "bench-chapters", timestamp: new Date(), attempts: 1, body: { type: "chapters", audio_file_id: fileId, user_id: user.id } },
  ]);
  const ctx = createExecutionContext();
  const started = performance.now();
  await worker.queue(batch, chatEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  const seconds = (performance.now() - started) / 1000;
  expect(result.explicitAcks).toEqual(["bench-chapters"]);
  expect(result.retryMessages).toEqual([]);

  const { data, generation } = await readChapters(env, fileId);
  expect(generation).toEqual({ status: null, error: null });
  expect(data.length).toBeGreaterThan(windows.length);
  expect(data.at(-1)!.end_time).toBeGreaterThanOrEqual(transcript.utterances.at(-1)!.end);
  console.log(
    [
      "",
      `BENCH chapters of a 3-hour transcript (${UTTERANCES} utterances) in one job, fake chat model:`,
      `  ${windows.length} windows of at most ${CHAPTER_WINDOW_CHARS} characters (largest ${Math.max(...windows.map((w) => w.text.length))})`,
      `  job ${seconds.toFixed(2)} s: read, ${windows.length} model calls (4 at a time), ${data.length} chapters written as one history entry`,
      `  last chapter "${data.at(-1)!.title}" from ${data.at(-1)!.start_time.toFixed(0)} s to ${data.at(-1)!.end_time.toFixed(0)} s`,
      "",
    ].join("\n"),
  );
});
