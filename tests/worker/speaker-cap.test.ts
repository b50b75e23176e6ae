// At most 200 speakers a transcript: creating one past the cap is refused (422, nothing
// changes); a transcription or re-transcription that tells more voices apart is stored all the
// same, the labels past the cap folded into the last speaker kept.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DETAILS_LIMITS, DETAILS_MESSAGES } from "../../core/details-limits";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { buildTranscriptRows } from "../../worker/transcripts/ingest";
import { mergeNewRecognition } from "../../worker/transcripts/store";
import { call, type Json } from "./helpers";
import { expectStatus } from "./library-helpers";
import { startAgain } from "./retranscribe-helpers";
import { headerOf, inObject } from "./store-helpers";
import {
  expectStatsConsistent,
  historyRows,
  NO_FIELDS,
  speakers,
  storedStats,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const MAX = DETAILS_LIMITS.speakersMax;

/** One two-word utterance for each of `count` speakers labelled `${prefix}0`, `${prefix}1`…, from `offset` seconds on. */
function manyVoices(count: number, prefix: string, offset = 0): NormalizedTranscript {
  const utterances = Array.from({ length: count }, (_, i) => {
    const start = offset + i * 2;
    const words = [0, 1].map((k) => ({
      text: `${prefix}${i}w${k}`,
      start: start + k * 0.5,
      end: start + k * 0.5 + 0.4,
      confidence: 0.9,
      hasEntities: false,
    }));
    return { speaker: `${prefix}${i}`, start, end: start + 0.9, words, sentiment: null, sentimentConfidence: null };
  });
  return { duration: offset + count * 2, speakers: utterances.map((u) => u.speaker), utterances };
}

describe("the cap on speakers", { timeout: 60_000 }, () => {
  it(`lets a transcript have ${MAX} speakers, refuses one more with 422, and nothing changes`, async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("spk-cap");
    // All but one added straight into the store (creating them one by one is slow), the last through the API.
    const { fileId: roomName } = await headerOf(transcriptId);
    await inObject(roomName, (sql) =>
      sql.exec(
        `WITH RECURSIVE n(i) AS (SELECT (SELECT count(*) FROM speakers s JOIN transcripts t ON t.id = s.transcript WHERE t.file_id = ?1)
           UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 2)
         INSERT INTO speakers (transcript, original_label, name, position)
         SELECT (SELECT id FROM transcripts WHERE file_id = ?1), 'Speaker ' || (i + 1), 'Guest ' || i, i FROM n`,
        fileId,
        MAX,
      ),
    );
    expect(await speakers(user, fileId)).toHaveLength(MAX - 1);
    expectStatus(await call("POST", `/transcripts/${fileId}/speakers`, { speaker: { name: "The last one" } }, user), 201);
    const full = await speakers(user, fileId);
    expect(full).toHaveLength(MAX);
    const entries = await historyRows(transcriptId);
    for (const body of [undefined, { speaker: { name: "One too many" } }]) {
      expect(await call("POST", `/transcripts/${fileId}/speakers`, body, user)).toMatchObject({
        status: 422,
        body: { error: DETAILS_MESSAGES.tooManySpeakers },
      });
    }
    expect(await speakers(user, fileId)).toEqual(full);
    expect(await historyRows(transcriptId)).toEqual(entries);
  });

  it("folds a transcription's voices past the cap into the last speaker kept, every word stored", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("spk-cap-ingest", manyVoices(MAX + 50, "v"));
    const list = await speakers(user, fileId);
    expect(list).toHaveLength(MAX);
    expect(list.at(-1)).toMatchObject({ originalLabel: `v${MAX - 1}`, utteranceCount: 51 });
    expect((await utterances(user, fileId)).flatMap((u: Json) => u.transcriptWords)).toHaveLength(2 * (MAX + 50));
    expect((await storedStats(transcriptId)).speaker_count).toBe(MAX);
    await expectStatsConsistent(transcriptId);
  });

  it("keeps a re-transcription within the cap, counting the speakers that stay", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("spk-cap-again", manyVoices(MAX, "v"));
    const [first] = await speakers(user, fileId);
    expectStatus(await call("PUT", `/transcripts/${fileId}/speakers/${first.id}`, { speaker: { name: "Ana" } }, user), 200);
    // An edited utterance of another speaker is kept, and so is its speaker.
    const second = (await utterances(user, fileId))[1];
    const words = second.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: "Edited" } : { id: w.id }));
    expectStatus(await updateWords(user, fileId, second.id, { words }), 200);

    await startAgain(fileId);
    const run = (await env.DB.prepare("SELECT processing_started_at AS p FROM audio_files WHERE id = ?").bind(fileId).first<string>("p"))!;
    const now = new Date().toISOString();
    const rows = buildTranscriptRows({ id: fileId, workspaceId: user.id }, manyVoices(MAX + 50, "n", MAX * 2), {
      service: "test",
      startedAt: now,
      completedAt: now,
    });
    const outcome = await mergeNewRecognition(env, rows, NO_FIELDS, {
      file: { processingStartedAt: run },
      run,
      discardCorrections: false,
      label: { serviceLabel: "Test", language: null, terms: [] },
    });
    expect(outcome).toMatchObject({ merged: true, kept: 1 });
    const after = await speakers(user, fileId);
    expect(after).toHaveLength(MAX);
    expect(after.map((s: Json) => s.name)).toContain("Ana");
    expect(after.map((s: Json) => s.id)).toContain(second.speakerId);
    await expectStatsConsistent(transcriptId);
  });
});
