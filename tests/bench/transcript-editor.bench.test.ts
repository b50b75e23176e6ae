// Run by `npm run bench` (not part of `npm test`): the editor API on a generated
// 3-hour transcript (30,000 words, 3,000 utterances) in the file's transcript room in local workerd,
// through the Worker's fetch handler (auth, routing, JSON included).
// Reports, never asserts timing: GET utterances in both shapes (compact: budget 60 ms median),
// operation round trips, and the object's rows written per operation.
import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { apiRequest, call, type Json } from "../worker/helpers";
import { createUser, expectStatus } from "../worker/library-helpers";
import { editInStore } from "../worker/store-helpers";
import { storeTranscript } from "../worker/transcript-helpers";
import { decodeUtterances } from "../../common/compact-utterances";
import { threeHourTranscript, UTTERANCES, WORDS } from "../support/three-hour";

const RUNS = 5;

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `min ${sorted[0]!.toFixed(1)} / median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} / max ${sorted.at(-1)!.toFixed(1)} ms`;
};

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

it("serves and edits a 3-hour transcript", async () => {
  const user = await createUser("bench");
  const { fileId } = await storeTranscript(user, threeHourTranscript());
  const token = { token: user.token };

  // GET utterances: every word of the transcript, through auth, until the whole body is received
  // (the client's own JSON.parse is reported apart), in the spec's shape and in the compact shape
  // the SPA asks for (budget ≤ 1.5 MB raw, ≤ 350 KB gzip, ≤ 60 ms p50), taken in turns so a busy
  // machine weighs on both alike.
  const specPath = `/transcripts/${fileId}/utterances`;
  const compactPath = `${specPath}?format=compact`;
  const get = async (path: string) => {
    const res = await exports.default.fetch(apiRequest("GET", path, undefined, token));
    expect(res.status).toBe(200);
    return res.text();
  };
  const reads: number[] = [];
  const parses: number[] = [];
  const compactReads: number[] = [];
  const decodes: number[] = [];
  let text = "";
  let compactText = "";
  // One request of each first, not counted: the first read after ingest pays for cold caches.
  await get(specPath);
  await get(compactPath);
  for (let i = 0; i < RUNS * 2; i++) {
    let ms: number;
    [text, ms] = await timed(() => get(specPath));
    reads.push(ms);
    [compactText, ms] = await timed(() => get(compactPath));
    compactReads.push(ms);
  }
  for (let i = 0; i < RUNS; i++) {
    parses.push((await timed(async () => JSON.parse(text)))[1]);
    decodes.push((await timed(async () => decodeUtterances(JSON.parse(compactText).data)))[1]);
  }
  const list: Json[] = JSON.parse(text).data.data;
  const bytes = text.length;
  expect(list).toHaveLength(UTTERANCES);
  expect(list.reduce((n, u) => n + u.transcriptWords.length, 0)).toBe(WORDS);
  expect(decodeUtterances(JSON.parse(compactText).data)).toEqual(list);
  const gzipBytes = await gzipSize(text);
  const compactGzip = await gzipSize(compactText);

  // Round trips of each operation in the middle of the transcript.
  const roundTrips: Record<string, number[]> = { update_words: [], split: [], merge: [], set_speaker: [], undo: [], redo: [] };
  for (let i = 0; i < RUNS; i++) {
    const u = list[1_500 + i * 10]!;
    const body = {
      words: u.transcriptWords.map((w: Json, k: number) =>
        k === 1 ? { id: w.id, text: `edit${i}`, end_time: w.endTime, confidence_score: 1 } : { id: w.id },
      ),
    };
    const [edited, editMs] = await timed(() => call("PATCH", `/transcripts/${fileId}/utterances/${u.id}/update_words`, body, token));
    expectStatus(edited, 200);
    roundTrips.update_words!.push(editMs);
    const [splitResult, splitMs] = await timed(() =>
      call(
        "POST",
        `/transcripts/${fileId}/utterances/${u.id}/split`,
        { first_word_id: u.transcriptWords[5].id, new_utterance_id: `bench-${i}` },
        token,
      ),
    );
    expectStatus(splitResult, 200);
    roundTrips.split!.push(splitMs);
    const [merged, mergeMs] = await timed(() => call("POST", `/transcripts/${fileId}/utterances/${u.id}/merge`, {}, token));
    expectStatus(merged, 200);
    roundTrips.merge!.push(mergeMs);
    const speaker = list.find((x) => x.speakerId !== u.speakerId)!.speakerId;
    const [spoken, speakerMs] = await timed(() => call("PUT", `/transcripts/${fileId}/utterances/${u.id}`, { speaker_id: speaker }, token));
    expectStatus(spoken, 200);
    roundTrips.set_speaker!.push(speakerMs);
    const [undone, undoMs] = await timed(() => call("POST", `/transcripts/${fileId}/edit-history/undo`, undefined, token));
    expectStatus(undone, 200);
    roundTrips.undo!.push(undoMs);
    const [redone, redoMs] = await timed(() => call("POST", `/transcripts/${fileId}/edit-history/redo`, undefined, token));
    expectStatus(redone, 200);
    roundTrips.redo!.push(redoMs);
  }

  // Rows written by split, merge and undo at the middle utterance, as the object counts them in its one transaction.
  const middle = list[1_200]!;
  const rowsWritten = async (edit: Parameters<typeof editInStore>[1]) => (await editInStore(fileId, edit)).outcome!.rowsWritten;
  const split = await rowsWritten({
    kind: "operation",
    req: { type: "split", utteranceId: middle.id, firstWordId: middle.transcriptWords[4].id, newUtteranceId: "bench-rows" },
    opId: null,
  });
  const merge = await rowsWritten({ kind: "operation", req: { type: "merge", targetUtteranceId: middle.id }, opId: null });
  const undo = await rowsWritten({ kind: "step", direction: "undo", opId: null });

  const [history, historyMs] = await timed(() => call("GET", `/transcripts/${fileId}/edit-history`, undefined, token));
  expectStatus(history, 200);

  console.log(
    `\nBENCH editor API on a 3 h transcript (${WORDS} words, ${UTTERANCES} utterances), ${RUNS} runs each:\n` +
      `BENCH   GET utterances (${(bytes / 1e6).toFixed(2)} MB JSON, ${(gzipBytes / 1e3).toFixed(0)} KB gzip), request to last byte (after one warm-up): ${stats(reads)}; client JSON.parse: ${stats(parses)}\n` +
      `BENCH   GET utterances?format=compact (${(compactText.length / 1e6).toFixed(2)} MB JSON, ${(compactGzip / 1e3).toFixed(0)} KB gzip; budget ≤ 1.5 MB, ≤ 350 KB gzip): ${stats(compactReads)} (budget 60 ms median); client JSON.parse + decode: ${stats(decodes)}\n` +
      Object.entries(roundTrips)
        .map(([name, ms]) => `BENCH   ${name} round trip: ${stats(ms)}\n`)
        .join("") +
      `BENCH   GET edit-history (${history.body.data.operations.length} operations): ${historyMs.toFixed(1)} ms\n` +
      `BENCH   rows written in the middle of the transcript: split ${split}, merge ${merge}, undo ${undo}\n`,
  );
});
