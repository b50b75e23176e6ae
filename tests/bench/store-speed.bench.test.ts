// Run by `npm run bench` through scripts/bench-storage.mjs, in a run of its own (edits measured
// before it in the same run slow every later request): opening and one-word saves of a 3-hour
// transcript through the API, in the user's object (decision 029), in local workerd, so no network
// between the Worker and the object. Reads are timed to their last byte, just after an edit (the
// object remembers an answer only until the store changes, decision 049) and once more.
import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { saveNewTranscript } from "../../worker/transcripts/store";
import { apiRequest, call, type Json } from "../worker/helpers";
import { createUser, expectStatus } from "../worker/library-helpers";
import { insertProcessingFile, NO_FIELDS } from "../worker/transcript-helpers";
import { transcriptOf } from "./storage-workload";

const HOURS = 3;
// Enough saves that p99 is not one slow save's figure.
const SAVES = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Opening (the editor's compact read, and the spec's JSON) and one-word saves of a 3-hour transcript. */
async function speed(): Promise<string> {
  const user = await createUser("speed");
  const { fileId, now } = await insertProcessingFile(user.id);
  const rows = buildTranscriptRows({ id: fileId, storeId: user.id }, transcriptOf(HOURS), {
    service: "bench",
    startedAt: now,
    completedAt: now,
  });
  await saveNewTranscript(env, rows, newId(), NO_FIELDS);
  const timed = async (run: () => Promise<unknown>, times: number) => {
    const spent: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await run();
      spent.push(performance.now() - started);
    }
    return spent.sort((a, b) => a - b);
  };
  const token = { token: user.token };
  const list: Json[] = expectStatus(await call("GET", `/transcripts/${fileId}/utterances`, undefined, token), 200).data.data;
  let n = 0;
  const save = async () => {
    const u = list[(n++ * 37) % list.length]!;
    const words = u.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: `${w.text}${n}` } : { id: w.id }));
    expectStatus(await call("PATCH", `/transcripts/${fileId}/utterances/${u.id}/update_words`, { words }, token), 200);
  };
  // A read ends with its last byte: parsing the answer is the client's part (the editor bench's).
  const read = (path: string) => async () => {
    const res = await exports.default.fetch(apiRequest("GET", path, undefined, token));
    expect(res.status).toBe(200);
    await res.text();
  };
  /** A read just after an edit (the store's answers are remembered only until it changes), and again. */
  const opened = async (path: string) => {
    const afterEdit: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < 5; i++) {
      await save();
      afterEdit.push(...(await timed(read(path), 1)));
      again.push(...(await timed(read(path), 1)));
    }
    return { afterEdit: afterEdit.sort((a, b) => a - b), again: again.sort((a, b) => a - b) };
  };
  const compact = await opened(`/transcripts/${fileId}/utterances?format=compact`);
  const json = await opened(`/transcripts/${fileId}/utterances`);
  const details = await opened(`/transcripts/${fileId}`);
  const saves = await timed(save, SAVES);
  const p50 = (xs: number[]) => ms(percentile(xs, 50));
  return (
    `the user's object: open (compact) p50 ${p50(compact.afterEdit)} after an edit, ${p50(compact.again)} again; ` +
    `open (JSON) p50 ${p50(json.afterEdit)} after an edit, ${p50(json.again)} again; ` +
    `details p50 ${p50(details.afterEdit)} after an edit, ${p50(details.again)} again; ` +
    `one-word save p50 ${ms(percentile(saves, 50))}, p99 ${ms(percentile(saves, 99))} (${SAVES} saves)`
  );
}

it("times opening and one-word saves of a 3-hour transcript", { timeout: 600_000 }, async () => {
  const line = await speed();
  expect(line).toContain("p99");
  console.log(`\nBENCH speed, ${HOURS} h transcript:\nBENCH   ${line}\n`);
});
