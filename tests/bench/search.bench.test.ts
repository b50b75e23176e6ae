// Run by `npm run bench` (scripts/bench-search.mjs; not part of `npm test`): library search
// for a user with 300 hours of transcripts (100 generated files of 3 hours, 3,000 utterances
// and 30,000 words each, words drawn from a 4,000-word vocabulary with Zipf frequencies as
// speech has), in workerd with local D1 and the workspace's transcript store (which holds the
// index), through the Worker's fetch handler.
// Reports, never asserts timing: GET /search first page (budget ≤ 150 ms p50 for a two-word
// query) and the index upkeep on a word edit's save round trip (budget ≤ 20 %), measured
// with the index triggers and with them dropped, in alternating rounds.
import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { matchExpression, parseSearchQuery } from "../../common/search-query";
import { FILES, generatedTranscript, UTTERANCES, vocabulary, WORDS_EACH } from "./zipf-library";
import { apiRequest, type Json } from "../worker/helpers";
import { createUser } from "../worker/library-helpers";
import { inObject } from "../worker/store-helpers";
import { storeTranscript, utterances } from "../worker/transcript-helpers";

const RUNS = 21;

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `min ${sorted[0]!.toFixed(1)} / median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} / max ${sorted.at(-1)!.toFixed(1)} ms`;
};
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

it("searches 300 hours of transcripts", { timeout: 1_800_000 }, async () => {
  const user = await createUser("bench");
  const token = { token: user.token };
  const ingestStarted = performance.now();
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) files.push((await storeTranscript(user, generatedTranscript(i + 1))).fileId);
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  // The personal workspace's store is named by its owner.
  const store = user.id;
  const indexed = await inObject(store, (sql) => sql.exec<{ n: number }>("SELECT count(*) AS n FROM search_text").one().n);

  const searchOnce = async (q: string) => {
    const started = performance.now();
    const res = await exports.default.fetch(apiRequest("GET", `/search?${new URLSearchParams({ q })}`, undefined, token));
    const body: Json = await res.json();
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    return { ms, hits: body.data.length as number };
  };
  const measure = async (q: string) => {
    await searchOnce(q); // warm-up, not counted
    const runs: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await searchOnce(q);
      runs.push(run.ms);
      hits = run.hits;
    }
    const match = matchExpression(parseSearchQuery(q));
    const matching = await inObject(
      store,
      (sql) => sql.exec<{ n: number }>("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?", match).one().n,
    );
    return `${stats(runs)} (${matching} matching rows, ${hits} on the first page)`;
  };
  // Mid-frequency words (a name, a topic), the typical search; then the worst case, the two most common words.
  const typical = `${vocabulary[40]} ${vocabulary[300]}`;
  const phrase = `"${vocabulary[0]} ${vocabulary[1]}"`;
  const common = `${vocabulary[0]} ${vocabulary[1]}`;
  const lines = [
    `BENCH search across ${FILES} files of 3 h (${FILES * UTTERANCES} utterances, ${FILES * UTTERANCES * WORDS_EACH} words, ${indexed} index rows; generated and indexed in ${ingestSeconds.toFixed(0)} s):`,
    `  two-word query "${typical}", first page of 20: ${await measure(typical)} (budget 150 ms p50)`,
    `  prefix of one rare word "${vocabulary[2000]!.slice(0, 5)}": ${await measure(vocabulary[2000]!.slice(0, 5))}`,
    `  worst case, the two most common words "${common}": ${await measure(common)}`,
    `  phrase of the two most common words ${phrase}: ${await measure(phrase)}`,
  ];

  // A word edit's save round trip, with and without the index's triggers, in alternating rounds.
  const fileId = files[Math.floor(files.length / 2)]!;
  const list = await utterances(user, fileId);
  const target = list[Math.floor(list.length / 2)]!;
  const triggers = await inObject(store, (sql) =>
    sql
      .exec<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_utterance_%'")
      .toArray(),
  );
  expect(triggers).toHaveLength(3);
  let version = target.version as number;
  let flip = 0;
  const edit = async () => {
    const words = target.transcriptWords.map((w: Json, i: number) => (i === 2 ? { id: w.id, text: `edit${flip++}` } : { id: w.id }));
    const started = performance.now();
    const res = await exports.default.fetch(
      apiRequest("PATCH", `/transcripts/${fileId}/utterances/${target.id}/update_words`, { words, version }, token),
    );
    const body: Json = await res.json();
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(body)).toBe(200);
    version = body.data.utterances[0].version;
    return ms;
  };
  const withIndex: number[] = [];
  const without: number[] = [];
  await edit(); // warm-up
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < 5; i++) withIndex.push(await edit());
    await inObject(store, (sql) => {
      for (const t of triggers) sql.exec(`DROP TRIGGER ${t.name}`);
    });
    for (let i = 0; i < 5; i++) without.push(await edit());
    await inObject(store, (sql) => {
      for (const t of triggers) sql.exec(t.sql);
    });
  }
  const overhead = ((median(withIndex) - median(without)) / median(without)) * 100;
  lines.push(
    `  word edit save round trip (update_words, ${withIndex.length} runs each): with index upkeep ${stats(withIndex)}; without ${stats(without)}; upkeep adds ${overhead.toFixed(1)} % at the median (budget 20 %)`,
  );
  console.log(`\n${lines.join("\n")}\n`);
});
