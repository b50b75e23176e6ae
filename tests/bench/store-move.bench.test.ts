// Run by `npm run bench` through scripts/bench-storage.mjs, in a run of its own: how long the
// recovery sweep takes to move a 3-hour transcript from D1 into its owner's object (decision 023,
// step 3), and the bytes D1 frees and the object takes per recorded hour.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { newId } from "../../common/ids";
import { userChannel } from "../../worker/channel";
import { getConfig } from "../../worker/config";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { moveTranscript } from "../../worker/transcripts/move";
import { saveNewTranscript } from "../../worker/transcripts/store";
import { createUser } from "../worker/library-helpers";
import { insertProcessingFile, NO_FIELDS } from "../worker/transcript-helpers";
import { applyEdits, d1Bytes, kb, transcriptOf } from "./storage-workload";

const HOURS = 3;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A 3-hour transcript stored in D1, as every deployment held them before the move; its file and user. */
async function inD1(edits: number) {
  const user = await createUser("move-bench");
  const { fileId, now } = await insertProcessingFile(user.id);
  const rows = buildTranscriptRows({ id: fileId, userId: user.id }, transcriptOf(HOURS), {
    service: "bench",
    startedAt: now,
    completedAt: now,
  });
  await saveNewTranscript(env, { ...getConfig(env), TRANSCRIPT_STORE: "d1" }, rows, newId(), NO_FIELDS);
  if (edits) await applyEdits(user, fileId, edits);
  return { user, fileId, transcriptId: rows.transcript.id };
}

it("times moving 3-hour transcripts from D1 into their owners' objects, and what D1 keeps", { timeout: 600_000 }, async () => {
  const edited = await inD1(500);
  const store = await userChannel(env, edited.user.id);
  const [d1Before, objectBefore] = [await d1Bytes(), await store.storeSize()];
  let started = performance.now();
  expect(await moveTranscript(env, edited.transcriptId)).toBe("moved");
  const editedMs = performance.now() - started;
  const [d1After, objectAfter] = [await d1Bytes(), await store.storeSize()];
  const plain: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { transcriptId } = await inD1(0);
    started = performance.now();
    expect(await moveTranscript(env, transcriptId)).toBe("moved");
    plain.push(performance.now() - started);
  }
  plain.sort((a, b) => a - b);
  const perHour = (bytes: number) => kb(bytes / HOURS);
  console.log(
    `\nBENCH moving ${HOURS} h transcripts from D1 to the user's object (decision 023, step 3):\n` +
      `BENCH   with 500 edits' history: ${ms(editedMs)}; D1 per recorded hour ${perHour(d1Before - d1After)} freed (the D1 tables' records and index entries), the object ${perHour(objectAfter - objectBefore)} per recorded hour\n` +
      `BENCH   unedited: min ${ms(plain[0]!)}, median ${ms(plain[1]!)}, max ${ms(plain[2]!)} (3 moves)\n`,
  );
});
