// Run by `npm run bench` through scripts/bench-storage.mjs (not part of `npm test`): what a
// recorded hour costs once transcripts live in the user's own object (decisions 023 and 027).
// The storage bench's 3-hour transcript is stored the way the transcription job stores it with
// TRANSCRIPT_STORE = "object", and the same 500 mixed edits go through the API. Measured: D1's
// file growth (the header row only) and the object's SQLite size (`databaseSize`). Reports,
// never asserts sizes.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import { userChannel } from "../../worker/channel";
import { getConfig } from "../../worker/config";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { saveNewTranscript } from "../../worker/transcripts/store";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { generatedTranscript } from "../support/three-hour";
import { createUser } from "../worker/library-helpers";
import { insertProcessingFile, NO_FIELDS } from "../worker/transcript-helpers";
import { applyEdits, d1Bytes, kb, transcriptOf, WORDS_PER_HOUR } from "./storage-workload";

const HOURS = 3;
const wideVocabulary = (size: number) => Array.from({ length: size }, (_, i) => `w${i.toString(36).padStart(4, "0")}`);

/** A file of a new user, its transcript stored in that user's object; the sizes before and after. */
async function measure(label: string, result: NormalizedTranscript, edits: number): Promise<string> {
  const user = await createUser("object-storage");
  const store = await userChannel(env, user.id);
  const config = { ...getConfig(env), TRANSCRIPT_STORE: "object" as const };
  const { fileId, now } = await insertProcessingFile(user.id);
  // The object's empty tables (first use) are not the transcript's.
  const [d1Before, objectBefore] = [await d1Bytes(), await store.storeSize()];
  const rows = buildTranscriptRows({ id: fileId, userId: user.id }, result, { service: "bench", startedAt: now, completedAt: now });
  const started = performance.now();
  await saveNewTranscript(env, config, rows, newId(), NO_FIELDS);
  const ingestMs = performance.now() - started;
  const [d1Ingest, objectIngest] = [await d1Bytes(), await store.storeSize()];
  const counts = edits ? await applyEdits(user, fileId, edits) : {};
  const [d1After, objectAfter] = [await d1Bytes(), await store.storeSize()];
  const perHour = (bytes: number) => kb(bytes / HOURS);
  return (
    `${label}: ingest of ${HOURS} h ${ingestMs.toFixed(0)} ms; per recorded hour: object ${perHour(objectIngest - objectBefore)} at ingest` +
    (edits
      ? `, ${perHour(objectAfter - objectBefore)} with ${edits} edits' history (${Object.entries(counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ")})`
      : "") +
    `; D1 ${d1After - d1Before} bytes of transcript records and index entries in all, for the whole file (${d1Ingest - d1Before} at ingest: the header row)`
  );
}

it("measures what a recorded hour costs in the user's object and in D1", { timeout: 600_000 }, async () => {
  const report = [
    await measure("the storage bench's speech (12 distinct words)", transcriptOf(HOURS), 500),
    // Sensitivity, not the budget's workload: about as many distinct words as three hours of meetings use.
    await measure("2,000 distinct words", generatedTranscript((HOURS * WORDS_PER_HOUR) / 10, 10, wideVocabulary(2_000)), 500),
  ];
  expect(report).toHaveLength(2);
  console.log(
    `\nBENCH transcripts in the user's own object (${WORDS_PER_HOUR} words an hour):\n${report.map((l) => `BENCH   ${l}`).join("\n")}\n`,
  );
});
