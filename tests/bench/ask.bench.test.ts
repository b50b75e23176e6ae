// Run by `npm run bench` (scripts/bench-search.mjs; not part of `npm test`): Ask's retrieval over
// 300 recorded hours (the library of tests/bench/zipf-library.ts, in one workspace's store), in
// workerd: the time from the question to the passages the model would be given, measured where
// the route calls it (budget ≤ 200 ms p50 before the model is called), for the library and for
// one file; and the whole POST /ask round trip with the fake chat model, for reference.
// Reports, never asserts timing.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { retrievePassages } from "../../worker/ask/retrieve";
import worker from "../../worker/index";
import { FAKE_OPENAI_BASE_URL } from "../support/fake-openai";
import { apiRequest } from "../worker/helpers";
import { createUser } from "../worker/library-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import { FILES, generatedTranscript, UTTERANCES, vocabulary } from "./zipf-library";

const RUNS = 21;

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `min ${sorted[0]!.toFixed(1)} / median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} / max ${sorted.at(-1)!.toFixed(1)} ms`;
};

const chatEnv = Object.create(env, {
  OPENAI_BASE_URL: { value: FAKE_OPENAI_BASE_URL },
  OPENAI_CHAT_MODEL: { value: "bench-chat-model" },
}) as Env;

it("retrieves passages for a question over 300 hours of transcripts", { timeout: 1_800_000 }, async () => {
  const user = await createUser("bench-ask");
  const ingestStarted = performance.now();
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) files.push((await storeTranscript(user, generatedTranscript(i + 1))).fileId);
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  const fileId = files[Math.floor(files.length / 2)]!;
  const workspaceId = user.id;

  const measure = async (question: string, scope: Parameters<typeof retrievePassages>[2]) => {
    await retrievePassages(env, question, scope); // warm-up, not counted
    const runs: number[] = [];
    let passages = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      passages = (await retrievePassages(env, question, scope)).length;
      runs.push(performance.now() - started);
    }
    return `${stats(runs)} (${passages} passages)`;
  };
  const roundTrip = async (question: string) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await worker.fetch(
        apiRequest("POST", "/ask", { question, file_id: fileId }, { token: user.token }),
        chatEnv,
        createExecutionContext(),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      await res.text();
      runs.push(performance.now() - started);
    }
    return stats(runs);
  };
  // The stream: when the citations event and the first token reach the client. The fake model
  // answers at once, so the gap between them is the model's first chunk plus our forwarding.
  const streamed = async (question: string) => {
    const toCitations: number[] = [];
    const toFirstToken: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await worker.fetch(
        apiRequest("POST", "/ask", { question, file_id: fileId }, { token: user.token, headers: { accept: "text/event-stream" } }),
        chatEnv,
        createExecutionContext(),
      );
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        if (toCitations.length === i && text.includes("event: citations")) toCitations.push(performance.now() - started);
        if (toFirstToken.length === i && text.includes("event: token")) toFirstToken.push(performance.now() - started);
      }
    }
    return `citations event ${stats(toCitations)}; first token ${stats(toFirstToken)}`;
  };
  // A question about mid-frequency words (a name, a topic), the typical one; then the worst
  // case, the most common words; then one word said a few times in the whole library.
  const typical = `What did they say about ${vocabulary[40]} and the ${vocabulary[300]}?`;
  const common = `Why ${vocabulary[0]} ${vocabulary[1]} ${vocabulary[2]}?`;
  const rare = `Where is ${vocabulary[3_900]} mentioned?`;
  const library = { workspaceId: user.id };
  const lines = [
    `BENCH ask retrieval across ${FILES} files of 3 h (${FILES * UTTERANCES} utterances; generated and stored in ${ingestSeconds.toFixed(0)} s), ${RUNS} runs each:`,
    `  library, typical question: ${await measure(typical, library)} (budget 200 ms p50)`,
    `  library, the three most common words: ${await measure(common, library)}`,
    `  library, a rare word: ${await measure(rare, library)}`,
    `  one file, typical question: ${await measure(typical, { fileId, workspaceId })}`,
    `  one file, the three most common words: ${await measure(common, { fileId, workspaceId })}`,
    `  POST /ask on one file with the fake chat model, whole round trip (5 runs): ${await roundTrip(typical)}`,
    `  the same streamed (5 runs): ${await streamed(typical)}`,
  ];
  console.log(`\n${lines.join("\n")}\n`);
});
