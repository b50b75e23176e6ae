// Each operation writes O(1) rows: the touched utterances, one history row,
// the transcript row — the same in a 3-utterance and a 3,000-utterance transcript.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { stepHistory } from "../../worker/transcripts/history";
import { getDb } from "../../worker/db/client";
import type { OpRequest } from "../../common/transcript-ops";
import { runOperation } from "../../worker/transcripts/operations";
import { listUtterances } from "../../worker/transcripts/read";
import { createUser } from "./library-helpers";
import { sampleTranscript, storeTranscript } from "./transcript-helpers";

/** Rows written by split, merge, update_words, change speaker, undo and redo at the middle utterance. */
async function rowsWrittenPerOperation(utteranceCount: number) {
  const user = await createUser("rows");
  const { transcriptId } = await storeTranscript(user, sampleTranscript(utteranceCount, 10));
  const t = { id: transcriptId };
  const list = await listUtterances(getDb(env.DB), transcriptId);
  const middle = list[Math.floor(utteranceCount / 2)]!;
  const other = list.find((u) => u.speakerId !== middle.speakerId)!;
  const written: Record<string, number> = {};
  const run = async (name: string, req: OpRequest) => {
    written[name] = (await runOperation(env.DB, t, req, `key-${name}`)).rowsWritten;
  };
  await run("split", {
    type: "split",
    utteranceId: middle.id,
    firstWordId: middle.transcriptWords[5]!.id,
    newUtteranceId: `half-${utteranceCount}`,
  });
  await run("merge", { type: "merge", targetUtteranceId: middle.id });
  await run("update_words", {
    type: "update_words",
    utteranceId: middle.id,
    words: middle.transcriptWords.map((w, i) =>
      i === 2 ? { id: w.id, text: "edited", end_time: w.endTime, confidence_score: 1 } : { id: w.id },
    ),
  });
  await run("set_speaker", { type: "set_speaker", utteranceId: middle.id, speakerId: other.speakerId });
  written.undo = (await stepHistory(env.DB, getDb(env.DB), t, "undo")).rowsWritten;
  written.redo = (await stepHistory(env.DB, getDb(env.DB), t, "redo")).rowsWritten;
  return written;
}

describe("rows written per operation", { timeout: 120_000 }, () => {
  it("do not depend on the transcript's size", async () => {
    const small = await rowsWrittenPerOperation(4);
    const large = await rowsWrittenPerOperation(3_000);
    console.log(`rows written per operation (3,000 utterances): ${JSON.stringify(large)}`);
    expect(large).toEqual(small);
    // utterance rows + their index entries, one history row (+ its indexes), the transcript row (12), and
    // the library search's rows for the touched utterances (search_docs, FTS5 content, size and segment rows)
    for (const [name, rows] of Object.entries(large)) expect(rows, name).toBeLessThanOrEqual(18);
  });
});
