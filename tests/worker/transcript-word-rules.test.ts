// Rules on the words themselves: the transcribed confidence kept for the
// confidence cycle, and no text-direction controls in word text.
import { describe, expect, it } from "vitest";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { Json } from "./helpers";
import { expectStatus } from "./library-helpers";
import { headerOf, inObject } from "./store-helpers";
import {
  expectStatsConsistent,
  historyRows,
  sampleTranscript,
  undo,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

/** update_words with word k of `u` changed by `patch` and the others unchanged. */
const patchWord = (u: Json, k: number, patch: Record<string, unknown>) => ({
  words: u.transcriptWords.map((w: Json, i: number) => (i === k ? { id: w.id, ...patch } : { id: w.id })),
});

describe("the transcribed confidence", { timeout: 30_000 }, () => {
  it("is kept from a word's first edit on, so the confidence cycle finds it after a reload", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("confidence");
    const [u0] = await utterances(user, fileId);
    const original = u0.transcriptWords[1].confidenceScore;
    expect(u0.transcriptWords[1]).not.toHaveProperty("originalConfidenceScore");

    const zero = expectStatus(await updateWords(user, fileId, u0.id, patchWord(u0, 1, { confidence_score: 0 })), 200).data;
    expect(zero.utterances[0].transcriptWords[1]).toMatchObject({ confidenceScore: 0, originalConfidenceScore: original });
    // Both reads (the list is assembled from the stored JSON directly) agree with the answer.
    const [afterZero] = await utterances(user, fileId);
    expect(afterZero).toEqual(zero.utterances[0]);

    const back = expectStatus(await updateWords(user, fileId, u0.id, patchWord(afterZero, 1, { confidence_score: 1 })), 200).data;
    expect(back.utterances[0].transcriptWords[1]).toMatchObject({ confidenceScore: 1, originalConfidenceScore: original });
    expect((await utterances(user, fileId))[0]).toEqual(back.utterances[0]);
    // Untouched words carry none.
    expect(back.utterances[0].transcriptWords[0]).not.toHaveProperty("originalConfidenceScore");
    await expectStatsConsistent(transcriptId);

    // Undo restores the word exactly as it was, the kept value too.
    expectStatus(await undo(user, fileId), 200);
    expectStatus(await undo(user, fileId), 200);
    expect((await utterances(user, fileId))[0]).toMatchObject({ transcriptWords: u0.transcriptWords });
    expect((await utterances(user, fileId))[0].transcriptWords[1]).not.toHaveProperty("originalConfidenceScore");
  });
});

describe("text-direction controls in words", { timeout: 30_000 }, () => {
  const controls = ["\u202E", "\u202A", "\u2066", "\u2069", "\u200E", "\u200F"];

  it("are refused in a changed or a new word with the names' kind of 422, and nothing changes", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("bidi");
    const list = await utterances(user, fileId);
    const u0 = list[0];
    for (const control of controls) {
      const changed = await updateWords(user, fileId, u0.id, patchWord(u0, 1, { text: `${control}evil` }));
      expect(changed.status, JSON.stringify(changed.body)).toBe(422);
      expect(changed.body).toEqual({ error: EDIT_MESSAGES.bidiControl });
    }
    const last = u0.transcriptWords.at(-1);
    const added = await updateWords(user, fileId, u0.id, {
      words: [
        ...u0.transcriptWords.map((w: Json) => ({ id: w.id })),
        { id: "new-1", text: "a\u202Eb", start_time: last.startTime, end_time: last.endTime, confidence_score: 1 },
      ],
    });
    expect(added.status).toBe(422);
    expect(added.body).toEqual({ error: EDIT_MESSAGES.bidiControl });
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  it("from a speech service are dropped when the transcript is stored; a word of controls only goes", async () => {
    const result = sampleTranscript(2, 3);
    const words = result.utterances[0]!.words;
    words[0] = { ...words[0]!, text: "\u202Eolleh" };
    words[1] = { ...words[1]!, text: "\u2066\u2069" };
    const { user, fileId, transcriptId } = await userWithTranscript("bidi-ingest", result);
    const [u0] = await utterances(user, fileId);
    expect(u0.transcriptWords.map((w: Json) => w.text)).toEqual(["olleh", "u0w2"]);
    const header = await headerOf(transcriptId);
    const stored = await inObject(header.fileId, (sql) => sql.exec<{ words: string }>("SELECT words FROM utterances").toArray());
    for (const row of stored) expect(row.words).not.toMatch(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    await expectStatsConsistent(transcriptId);
  });
});
