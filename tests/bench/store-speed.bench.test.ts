// Run by `npm run bench` through scripts/bench-storage.mjs, in a run of its own (edits measured
// before it in the same run slow every later request): opening and one-word saves of a 3-hour
// transcript through the API (and saves as the object's one edit call alone), in the file's transcript room (decision 053), in local workerd, so no network
// between the Worker and the object. Reads are timed to their last byte, just after an edit (the
// object remembers an answer only until the store changes, decision 049) and once more.
// Requests go to the Worker's fetch handler itself: the test runner's own dispatch of a request
// to the Worker gets slower with every request it has carried (some 0.2 ms more per request, so
// 20 ms more by the 100th), which would measure the runner, not the Worker.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { editTranscript, saveNewTranscript } from "../../worker/transcripts/store";
import { fromRequest } from "../../common/transcript-ops";
import worker from "../../worker/index";
import { apiRequest, type Json } from "../worker/helpers";
import { createUser } from "../worker/library-helpers";
import { insertProcessingFile, NO_FIELDS } from "../worker/transcript-helpers";
import { transcriptOf } from "./storage-workload";

const HOURS = 3;
// Enough saves that p99 is not one slow save's figure.
const SAVES = 200;
/** Reads of each kind after an edit, and as many again. */
const READS = 11;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Opening (the editor's compact read, and the spec's JSON) and one-word saves of a 3-hour transcript. */
async function speed(): Promise<string> {
  const user = await createUser("speed");
  const { fileId, now } = await insertProcessingFile(user.id);
  const rows = buildTranscriptRows({ id: fileId, workspaceId: user.id }, transcriptOf(HOURS), {
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
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await worker.fetch(
      apiRequest(method, path, body, token) as Request<unknown, IncomingRequestCfProperties>,
      env,
      createExecutionContext(),
    );
    return { status: res.status, text: await res.text() };
  };
  const answer = async (method: string, path: string, body?: unknown) => {
    const { status, text } = await send(method, path, body);
    expect(status, text).toBe(200);
    return text;
  };
  const list: Json[] = JSON.parse(await answer("GET", `/transcripts/${fileId}/utterances`)).data.data;
  let n = 0;
  const nextEdit = () => {
    const u = list[(n++ * 37) % list.length]!;
    const words = u.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: `${w.text}${n}` } : { id: w.id }));
    return { utteranceId: u.id as string, words };
  };
  const save = async () => {
    const { utteranceId, words } = nextEdit();
    await answer("PATCH", `/transcripts/${fileId}/utterances/${utteranceId}/update_words`, { words });
  };
  // The object's part alone: the one call an API save makes into it (authorise, commit, tell tabs).
  const objectSave = async () => {
    const { utteranceId, words } = nextEdit();
    const req = fromRequest("update_words", utteranceId, { words });
    await editTranscript(env, fileId, { kind: "operation", req, opId: null }, null, { id: user.id, name: "Speed" });
  };
  // A read ends with its last byte: parsing the answer is the client's part (the editor bench's).
  const read = (path: string) => () => answer("GET", path);
  /** A read just after an edit (the store's answers are remembered only until it changes), and again. */
  const opened = async (path: string) => {
    const afterEdit: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < READS; i++) {
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
  const objectSaves = await timed(objectSave, SAVES);
  const spread = (xs: number[]) => `${xs[0]!.toFixed(0)}/${percentile(xs, 50).toFixed(0)}/${xs.at(-1)!.toFixed(0)} ms`;
  const both = (r: { afterEdit: number[]; again: number[] }) => `${spread(r.afterEdit)} after an edit, ${spread(r.again)} again`;
  return (
    `the file's room (min/median/max of ${READS}): open (compact) ${both(compact)}; ` +
    `open (JSON) ${both(json)}; details ${both(details)}; ` +
    `one-word save p50 ${ms(percentile(saves, 50))}, p99 ${ms(percentile(saves, 99))} (${SAVES} saves through the API); ` +
    `in the object p50 ${ms(percentile(objectSaves, 50))}, p99 ${ms(percentile(objectSaves, 99))} (${SAVES} edit calls)`
  );
}

it("times opening and one-word saves of a 3-hour transcript", { timeout: 600_000 }, async () => {
  const line = await speed();
  expect(line).toContain("p99");
  console.log(`\nBENCH speed, ${HOURS} h transcript:\nBENCH   ${line}\n`);
});
