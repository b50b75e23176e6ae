// Editing operations: update_words, split, merge, change speaker — success,
// every refusal, ownership, idempotency, versions, statistics.
import { beforeAll, describe, expect, it } from "vitest";
import { keyBetween } from "../../core/order-keys";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { IDEMPOTENCY_KEY_INVALID } from "../../worker/transcripts/edit-endpoint";
import { call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import {
  expectStatsConsistent,
  historyRows,
  merge,
  rawOperation,
  sampleTranscript,
  setSpeaker,
  speakers,
  split,
  storedStats,
  storeTranscript,
  transcript,
  unchangedWords,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const words = (u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" ");

describe("update_words", { timeout: 30_000 }, () => {
  it("corrects a word, bumps the version, records the operation and keeps the statistics", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    const body = {
      words: u0.transcriptWords.map((w: Json, i: number) =>
        i === 1 ? { id: w.id, text: "hello", end_time: w.endTime, confidence_score: 1 } : { id: w.id },
      ),
    };
    const data = expectStatus(await updateWords(user, fileId, u0.id, body), 200).data;
    expect(data.removedUtteranceIds).toEqual([]);
    expect(data.utterances).toHaveLength(1);
    expect(data.utterances[0]).toMatchObject({ id: u0.id, version: 2, position: 0, orderKey: u0.orderKey });
    expect(words(data.utterances[0])).toBe("u0w0 hello u0w2 u0w3");
    expect(data.utterances[0].transcriptWords[1]).toMatchObject({
      id: u0.transcriptWords[1].id,
      text: "hello",
      confidenceScore: 1,
      position: 1,
    });

    const [reloaded] = await utterances(user, fileId);
    expect(reloaded).toEqual(data.utterances[0]);
    expect(await historyRows(transcriptId)).toEqual([{ seq: 0, type: "other", summary: 'Edited "u0w1" → "hello"', op_id: null }]);
    await expectStatsConsistent(transcriptId);
  });

  it("adds and removes words; word count and accuracy follow", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const before = await transcript(user, fileId);
    const [u0] = await utterances(user, fileId);
    const [w0, w1, w2] = u0.transcriptWords;
    const body = {
      words: [
        { id: w0.id },
        { id: "new-word-1", text: "brand", start_time: w0.endTime, end_time: w0.endTime + 0.1, confidence_score: 0.2 },
        { id: w1.id },
        { id: w2.id },
      ],
    };
    const data = expectStatus(await updateWords(user, fileId, u0.id, body), 200).data;
    expect(words(data.utterances[0])).toBe("u0w0 brand u0w1 u0w2");
    const after = await transcript(user, fileId);
    expect(after.wordCount).toBe(before.wordCount);
    expect(after.accuracyPercentage).toBeLessThan(before.accuracyPercentage);
    await expectStatsConsistent(transcriptId);

    // Dropping two words
    expectStatus(await updateWords(user, fileId, u0.id, { words: [{ id: w0.id }, { id: w2.id }] }), 200);
    expect((await transcript(user, fileId)).wordCount).toBe(before.wordCount - 2);
    await expectStatsConsistent(transcriptId);
  });

  it("answers the utterance unchanged for identical words, without a history entry", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    const data = expectStatus(await updateWords(user, fileId, u0.id, { words: unchangedWords(u0) }), 200).data;
    expect(data).toEqual({ utterances: [u0], removedUtteranceIds: [] });
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  describe("refuses bad input with 422 and changes nothing", () => {
    const cases: [string, (u: Json, other: Json) => unknown, string | RegExp][] = [
      [
        "a word id of another utterance",
        (u, other) => ({ words: [...unchangedWords(u), { id: other.transcriptWords[0].id }] }),
        EDIT_MESSAGES.wordNotInUtterance,
      ],
      ["an unknown word id without text", (u) => ({ words: [{ id: "nope" }, ...unchangedWords(u)] }), EDIT_MESSAGES.wordNotInUtterance],
      ["a repeated word id", (u) => ({ words: [...unchangedWords(u), unchangedWords(u)[0]] }), EDIT_MESSAGES.duplicateWordId],
      ["a new word without times", (u) => ({ words: [...unchangedWords(u), { id: "n1", text: "x" }] }), EDIT_MESSAGES.newWordNeedsTimes],
      [
        "times that go backwards",
        (u) => ({ words: [...unchangedWords(u), { id: "n1", text: "x", start_time: 0, end_time: 0.1, confidence_score: 1 }] }),
        EDIT_MESSAGES.timesOutOfOrder,
      ],
      [
        "a word ending before it starts",
        (u) => ({ words: [{ id: u.transcriptWords[0].id, text: "x", end_time: 0, confidence_score: 1, start_time: 1 }] }),
        EDIT_MESSAGES.timesOutOfOrder,
      ],
      [
        "a negative time",
        (u) => ({ words: [{ id: u.transcriptWords[0].id, text: "x", end_time: -1, confidence_score: 1 }] }),
        EDIT_MESSAGES.timesOutOfOrder,
      ],
      ["no words", () => ({ words: [] }), EDIT_MESSAGES.noWords],
      ["a missing words list", () => ({}), /./],
      [
        "oversized text",
        (u) => ({ words: [{ id: u.transcriptWords[0].id, text: "x".repeat(101), end_time: 1, confidence_score: 1 }] }),
        EDIT_MESSAGES.wordTooLong,
      ],
      [
        "blank text",
        (u) => ({ words: [{ id: u.transcriptWords[0].id, text: "   ", end_time: 1, confidence_score: 1 }] }),
        EDIT_MESSAGES.emptyWordText,
      ],
      ["a confidence above 1", (u) => ({ words: [{ id: u.transcriptWords[0].id, text: "x", end_time: 1, confidence_score: 1.5 }] }), /./],
      ["an unknown field", (u) => ({ words: [{ id: u.transcriptWords[0].id, colour: "red" }] }), /./],
      [
        "too many words",
        () => ({
          words: Array.from({ length: 5001 }, (_, i) => ({ id: `w${i}`, text: "a", start_time: i, end_time: i, confidence_score: 1 })),
        }),
        EDIT_MESSAGES.tooManyWords,
      ],
    ];
    let setup: { user: TestUser; fileId: string; transcriptId: string; list: Json[] };
    beforeAll(async () => {
      const stored = await userWithTranscript();
      setup = { ...stored, list: await utterances(stored.user, stored.fileId) };
    });
    for (const [name, body, message] of cases) {
      it(name, async () => {
        const { user, fileId, transcriptId, list } = setup;
        const result = await rawOperation(
          user,
          "PATCH",
          `/transcripts/${fileId}/utterances/${list[0].id}/update_words`,
          body(list[0], list[1]),
        );
        expect(result.status, JSON.stringify(result.body)).toBe(422);
        if (typeof message === "string") expect(result.body.error ?? result.body.errors).toContain(message);
        else expect(result.body.error ?? result.body.errors?.join()).toMatch(message);
        expect(await utterances(user, fileId)).toEqual(list);
        expect(await historyRows(transcriptId)).toEqual([]);
      });
    }
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { user, fileId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    expect((await rawOperation(user, "PATCH", `/transcripts/${fileId}/utterances/${u0.id}/update_words`, "{not json")).status).toBe(400);
  });
});

describe("split", { timeout: 30_000 }, () => {
  it("splits at a word: the new utterance comes right after, with an order key between its neighbours", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const before = await utterances(user, fileId);
    const u1 = before[1];
    const data = expectStatus(
      await split(user, fileId, u1.id, { first_word_id: u1.transcriptWords[2].id, new_utterance_id: "new-1" }),
      200,
    ).data;
    expect(data.removedUtteranceIds).toEqual([]);
    expect(data.utterances.map((u: Json) => [u.id, u.position, u.version, words(u)])).toEqual([
      [u1.id, 1, 2, "u1w0 u1w1"],
      ["new-1", 2, 1, "u1w2 u1w3"],
    ]);
    const created = data.utterances[1];
    expect(created.orderKey > u1.orderKey && created.orderKey < before[2].orderKey).toBe(true);
    expect(created.orderKey).toBe(keyBetween(u1.orderKey, before[2].orderKey));
    expect(created).toMatchObject({ speakerId: u1.speakerId, startTime: u1.transcriptWords[2].startTime, endTime: u1.endTime });
    expect(created.transcriptWords.map((w: Json) => w.position)).toEqual([0, 1]);

    const after = await utterances(user, fileId);
    expect(after.map((u: Json) => [u.id, u.position])).toEqual([
      [before[0].id, 0],
      [u1.id, 1],
      ["new-1", 2],
      [before[2].id, 3],
      [before[3].id, 4],
    ]);
    expect(after.slice(1, 3)).toEqual(data.utterances);
    const [op] = await historyRows(transcriptId);
    expect(op).toMatchObject({ type: "other", summary: expect.stringMatching(/^Split utterance at \d+:\d\d$/) });
    await expectStatsConsistent(transcriptId);
    expect((await speakers(user, fileId)).map((s: Json) => s.utteranceCount)).toEqual([2, 3]);
  });

  it("splits the last utterance", async () => {
    const { user, fileId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const last = list[3];
    const data = expectStatus(
      await split(user, fileId, last.id, { first_word_id: last.transcriptWords[1].id, new_utterance_id: "tail" }),
      200,
    ).data;
    expect(data.utterances[1]).toMatchObject({ id: "tail", position: 4 });
    expect(data.utterances[1].orderKey > last.orderKey).toBe(true);
  });

  it("refuses to split before the first word or at a word of another utterance", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const atFirst = await split(user, fileId, list[1].id, { first_word_id: list[1].transcriptWords[0].id, new_utterance_id: "n" });
    expect(atFirst.status).toBe(422);
    expect(atFirst.body).toEqual({ error: EDIT_MESSAGES.splitAtFirstWord });
    const elsewhere = await split(user, fileId, list[1].id, { first_word_id: list[2].transcriptWords[1].id, new_utterance_id: "n" });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual({ error: EDIT_MESSAGES.wordNotInUtterance });
    expect(
      (
        await rawOperation(user, "POST", `/transcripts/${fileId}/utterances/${list[1].id}/split`, {
          first_word_id: list[1].transcriptWords[1].id,
        })
      ).status,
    ).toBe(422);
    expect((await split(user, fileId, list[1].id, { first_word_id: "", new_utterance_id: "n" })).status).toBe(422);
    expect(
      (await split(user, fileId, list[1].id, { first_word_id: list[1].transcriptWords[1].id, new_utterance_id: "x".repeat(65) })).status,
    ).toBe(422);
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  it("refuses a new_utterance_id that is already used, here or in anyone else's transcript", async () => {
    const { user, fileId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const here = await split(user, fileId, list[0].id, { first_word_id: list[0].transcriptWords[1].id, new_utterance_id: list[2].id });
    expect(here.status).toBe(409);
    expect(here.body).toEqual({ error: EDIT_MESSAGES.splitIdTaken });
    const other = await userWithTranscript("other");
    const theirs = (await utterances(other.user, other.fileId))[0];
    const there = await split(user, fileId, list[0].id, { first_word_id: list[0].transcriptWords[1].id, new_utterance_id: theirs.id });
    expect(there.status).toBe(409);
    expect(there.body).toEqual({ error: EDIT_MESSAGES.splitIdTaken });
    expect(await utterances(user, fileId)).toEqual(list);
  });

  it("is idempotent: the same split twice applies once and answers both halves", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const u1 = (await utterances(user, fileId))[1];
    const body = { first_word_id: u1.transcriptWords[2].id, new_utterance_id: "again" };
    const first = expectStatus(await split(user, fileId, u1.id, body), 200).data;
    const second = expectStatus(await split(user, fileId, u1.id, body), 200).data;
    expect(second).toEqual(first);
    // Even with the version the first request was computed on.
    const third = expectStatus(await split(user, fileId, u1.id, { ...body, version: 1 }), 200).data;
    expect(third).toEqual(first);
    expect(await utterances(user, fileId)).toHaveLength(5);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });
});

describe("merge", { timeout: 30_000 }, () => {
  it("merges the next utterance into the target with an empty body", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const data = expectStatus(await merge(user, fileId, list[1].id), 200).data;
    expect(data.removedUtteranceIds).toEqual([list[2].id]);
    expect(data.utterances).toHaveLength(1);
    expect(data.utterances[0]).toMatchObject({
      id: list[1].id,
      position: 1,
      version: 2,
      startTime: list[1].startTime,
      endTime: list[2].endTime,
    });
    expect(words(data.utterances[0])).toBe("u1w0 u1w1 u1w2 u1w3 u2w0 u2w1 u2w2 u2w3");
    expect(data.utterances[0].transcriptWords.map((w: Json) => w.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const after = await utterances(user, fileId);
    expect(after.map((u: Json) => [u.id, u.position])).toEqual([
      [list[0].id, 0],
      [list[1].id, 1],
      [list[3].id, 2],
    ]);
    const [op] = await historyRows(transcriptId);
    expect(op!.summary).toMatch(/^Merged utterances at \d+:\d\d$/);
    await expectStatsConsistent(transcriptId);
  });

  it("accepts {} and an explicit source_utterance_id", async () => {
    const { user, fileId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    expectStatus(await merge(user, fileId, list[0].id, {}), 200);
    expectStatus(await merge(user, fileId, list[0].id, { source_utterance_id: list[2].id }), 200);
    expect((await utterances(user, fileId)).map((u: Json) => u.id)).toEqual([list[0].id, list[3].id]);
  });

  it("refuses a target with nothing after it, and a source that does not follow the target", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const last = await merge(user, fileId, list[3].id);
    expect(last.status).toBe(422);
    expect(last.body).toEqual({ error: EDIT_MESSAGES.mergeNothingFollows });
    const mismatch = await merge(user, fileId, list[0].id, { source_utterance_id: list[2].id });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body).toEqual({ error: EDIT_MESSAGES.mergeSourceMismatch });
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  it("is idempotent with source_utterance_id: a repeated merge applies nothing", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const body = { source_utterance_id: list[1].id, version: 1, source_version: 1 };
    const first = expectStatus(await merge(user, fileId, list[0].id, body), 200).data;
    const second = expectStatus(await merge(user, fileId, list[0].id, body), 200).data;
    expect(second).toEqual(first);
    expect(await utterances(user, fileId)).toHaveLength(3);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("updates the speaker count when a speaker's last utterance is merged away", async () => {
    const user = await createUser("count");
    const stored = await storeTranscript(user, sampleTranscript(3));
    expect((await transcript(user, stored.fileId)).speakerCount).toBe(2);
    const list = await utterances(user, stored.fileId);
    expectStatus(await merge(user, stored.fileId, list[0].id), 200);
    const details = await transcript(user, stored.fileId);
    expect(details.speakerCount).toBe(1);
    expect(details.speakers.map((s: Json) => [s.displayName, s.utteranceCount])).toEqual([
      ["Speaker 1", 2],
      ["Speaker 2", 0],
    ]);
    await expectStatsConsistent(stored.transcriptId);
  });
});

describe("change speaker", { timeout: 30_000 }, () => {
  it("sets the speaker and records a speaker_edited operation", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const [a, b] = await speakers(user, fileId);
    const data = expectStatus(await setSpeaker(user, fileId, list[0].id, { speaker_id: b.id }), 200).data;
    expect(data).toEqual({ utterances: [{ ...list[0], speakerId: b.id, version: 2 }], removedUtteranceIds: [] });
    const [op] = await historyRows(transcriptId);
    expect(op).toMatchObject({ type: "speaker_edited", summary: "Changed speaker to Speaker 2 at 0:00" });
    expect((await speakers(user, fileId)).map((s: Json) => [s.id, s.utteranceCount])).toEqual([
      [a.id, 1],
      [b.id, 3],
    ]);
    await expectStatsConsistent(transcriptId);
  });

  it("refuses an unknown speaker or one of another transcript; the same speaker changes nothing", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const unknown = await setSpeaker(user, fileId, list[0].id, { speaker_id: "nobody" });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ error: EDIT_MESSAGES.speakerNotFound });
    const other = await userWithTranscript("other");
    const foreign = (await speakers(other.user, other.fileId))[0];
    expect((await setSpeaker(user, fileId, list[0].id, { speaker_id: foreign.id })).status).toBe(422);
    expect((await rawOperation(user, "PUT", `/transcripts/${fileId}/utterances/${list[0].id}`, {})).status).toBe(422);
    const same = expectStatus(await setSpeaker(user, fileId, list[0].id, { speaker_id: list[0].speakerId }), 200).data;
    expect(same).toEqual({ utterances: [list[0]], removedUtteranceIds: [] });
    expect(await historyRows(transcriptId)).toEqual([]);
  });
});

describe("ownership", { timeout: 30_000 }, () => {
  it("answers 404 for another user's transcript or utterance, and for unknown ids", async () => {
    const alice = await userWithTranscript("alice");
    const bob = await userWithTranscript("bob");
    const aliceList = await utterances(alice.user, alice.fileId);
    const bobList = await utterances(bob.user, bob.fileId);
    const u = aliceList[0];
    const wordsBody = { words: unchangedWords(u) };
    const splitBody = { first_word_id: u.transcriptWords[1].id, new_utterance_id: "x" };
    // Bob on Alice's transcript.
    for (const result of [
      await call("GET", `/transcripts/${alice.fileId}/utterances`, undefined, { token: bob.user.token }),
      await updateWords(bob.user, alice.fileId, u.id, wordsBody),
      await split(bob.user, alice.fileId, u.id, splitBody),
      await merge(bob.user, alice.fileId, u.id),
      await setSpeaker(bob.user, alice.fileId, u.id, { speaker_id: u.speakerId }),
    ]) {
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: "Transcript not found" });
    }
    // Bob's own transcript, Alice's utterance.
    for (const result of [
      await updateWords(bob.user, bob.fileId, u.id, wordsBody),
      await split(bob.user, bob.fileId, u.id, splitBody),
      await merge(bob.user, bob.fileId, u.id),
      await setSpeaker(bob.user, bob.fileId, u.id, { speaker_id: bobList[0].speakerId }),
      await updateWords(bob.user, bob.fileId, "no-such-utterance", wordsBody),
      // Alice's utterance as the source of a merge in Bob's transcript.
      await merge(bob.user, bob.fileId, bobList[0].id, { source_utterance_id: u.id }),
    ]) {
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: EDIT_MESSAGES.utteranceNotFound });
    }
    expect(await utterances(alice.user, alice.fileId)).toEqual(aliceList);
    expect(await utterances(bob.user, bob.fileId)).toEqual(bobList);
  });

  it("answers 401 without a token", async () => {
    const { user, fileId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    expect((await updateWords({ ...user, token: "" }, fileId, u0.id, { words: unchangedWords(u0) })).status).toBe(401);
  });
});

describe("idempotency key", { timeout: 30_000 }, () => {
  it("a repeated key applies nothing and answers the current state of what the first request touched", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const u1 = (await utterances(user, fileId))[1];
    const headers = { "Idempotency-Key": "op-123" };
    const first = expectStatus(
      await split(user, fileId, u1.id, { first_word_id: u1.transcriptWords[1].id, new_utterance_id: "k1" }, { headers }),
      200,
    ).data;
    // Same key and request: nothing more happens, the first answer comes back.
    const again = expectStatus(
      await split(user, fileId, u1.id, { first_word_id: u1.transcriptWords[1].id, new_utterance_id: "k1" }, { headers }),
      200,
    ).data;
    expect(again).toEqual(first);
    // Same key with another body: refused, nothing applied (request-keys.test.ts has the rest).
    expect(
      await split(user, fileId, u1.id, { first_word_id: u1.transcriptWords[2].id, new_utterance_id: "k2" }, { headers }),
    ).toMatchObject({ status: 422, body: { error: EDIT_MESSAGES.keyReused } });
    expect((await historyRows(transcriptId)).map((r) => r.op_id)).toEqual(["op-123"]);
    expect(await utterances(user, fileId)).toHaveLength(5);

    // Once the utterances change, the repeat answers their current state.
    expectStatus(
      await updateWords(user, fileId, "k1", {
        words: [
          { id: u1.transcriptWords[1].id, text: "changed", end_time: u1.transcriptWords[1].endTime, confidence_score: 1 },
          ...unchangedWords(first.utterances[1]).slice(1),
        ],
      }),
      200,
    );
    const later = expectStatus(
      await split(user, fileId, u1.id, { first_word_id: u1.transcriptWords[1].id, new_utterance_id: "k1" }, { headers }),
      200,
    ).data;
    expect(later.utterances.find((u: Json) => u.id === "k1").transcriptWords[0].text).toBe("changed");
    expect(await historyRows(transcriptId)).toHaveLength(2);
  });

  it("keys are per transcript, and repeated update_words without a key apply once", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const second = await storeTranscript(user);
    const [a] = await utterances(user, fileId);
    const [b] = await utterances(user, second.fileId);
    const edit = (u: Json) => ({
      words: [
        { id: u.transcriptWords[0].id, text: "same", end_time: u.transcriptWords[0].endTime, confidence_score: 1 },
        ...unchangedWords(u).slice(1),
      ],
    });
    const headers = { "Idempotency-Key": "shared-key" };
    expectStatus(await updateWords(user, fileId, a.id, edit(a), { headers }), 200);
    expectStatus(await updateWords(user, second.fileId, b.id, edit(b), { headers }), 200);
    expect(await historyRows(second.transcriptId)).toHaveLength(1);
    // Without a key, the identical repeat is a no-op by content.
    expectStatus(await updateWords(user, fileId, a.id, edit(a)), 200);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("refuses an empty or oversized key", async () => {
    const { user, fileId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    for (const key of [" ", "k".repeat(101)]) {
      const result = await updateWords(user, fileId, u0.id, { words: unchangedWords(u0) }, { headers: { "Idempotency-Key": key } });
      expect(result.status).toBe(422);
      expect(result.body).toEqual({ error: IDEMPOTENCY_KEY_INVALID });
    }
  });
});

describe("version check", { timeout: 30_000 }, () => {
  it("answers 409 with the current utterance when the version sent is not the stored one, and changes nothing", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const list = await utterances(user, fileId);
    const u0 = list[0];
    const edit = (text: string, version?: number) => ({
      words: [
        { id: u0.transcriptWords[0].id, text, end_time: u0.transcriptWords[0].endTime, confidence_score: 1 },
        ...unchangedWords(u0).slice(1),
      ],
      version,
    });
    const ok = expectStatus(await updateWords(user, fileId, u0.id, edit("first", 1)), 200).data.utterances[0];
    expect(ok.version).toBe(2);
    const stale = await updateWords(user, fileId, u0.id, edit("second", 1));
    expect(stale.status).toBe(409);
    // The same word changed on both sides: the words are named too (decision 052).
    expect(stale.body).toEqual({
      error: EDIT_MESSAGES.stale,
      data: { utterances: [ok], conflicts: [{ utterance_id: u0.id, word_ids: [u0.transcriptWords[0].id] }] },
    });
    for (const result of [
      await split(user, fileId, u0.id, { first_word_id: u0.transcriptWords[1].id, new_utterance_id: "s", version: 1 }),
      await setSpeaker(user, fileId, u0.id, { speaker_id: list[1].speakerId, version: 7 }),
      await merge(user, fileId, u0.id, { version: 1 }),
    ]) {
      expect(result.status).toBe(409);
      expect(result.body.data.utterances).toEqual([ok]);
    }
    const staleSource = await merge(user, fileId, u0.id, { version: 2, source_utterance_id: list[1].id, source_version: 5 });
    expect(staleSource.status).toBe(409);
    expect(staleSource.body.data.utterances).toEqual([list[1]]);
    expect(await utterances(user, fileId)).toEqual([ok, ...list.slice(1)]);
    expect(await historyRows(transcriptId)).toHaveLength(1);
    // The current versions go through.
    expectStatus(await merge(user, fileId, u0.id, { version: 2, source_utterance_id: list[1].id, source_version: 1 }), 200);
  });

  it("of two concurrent edits computed on the same version, one wins and the other gets 409", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript();
    const [u0] = await utterances(user, fileId);
    const edit = (text: string) => ({
      words: [
        { id: u0.transcriptWords[0].id, text, end_time: u0.transcriptWords[0].endTime, confidence_score: 1 },
        ...unchangedWords(u0).slice(1),
      ],
      version: 1,
    });
    const results = await Promise.all([updateWords(user, fileId, u0.id, edit("left")), updateWords(user, fileId, u0.id, edit("right"))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await historyRows(transcriptId)).toHaveLength(1);
    await expectStatsConsistent(transcriptId);
  });

  it("concurrent edits without versions all apply, one after the other", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("many", sampleTranscript(6));
    const list = await utterances(user, fileId);
    const results = await Promise.all(
      list.map((u: Json, i: number) =>
        updateWords(user, fileId, u.id, {
          words: [
            { id: u.transcriptWords[0].id, text: `edit${i}`, end_time: u.transcriptWords[0].endTime, confidence_score: 1 },
            ...unchangedWords(u).slice(1),
          ],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(list.map(() => 200));
    expect((await historyRows(transcriptId)).map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    await expectStatsConsistent(transcriptId);
  });
});

describe("statistics", { timeout: 30_000 }, () => {
  it("stay equal to what the rows say through a run of operations, and the read endpoints show them", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("stats", sampleTranscript(6, 5));
    let list = await utterances(user, fileId);
    const [, b] = await speakers(user, fileId);
    expectStatus(await split(user, fileId, list[2].id, { first_word_id: list[2].transcriptWords[3].id, new_utterance_id: "st-1" }), 200);
    expectStatus(await merge(user, fileId, list[0].id), 200);
    expectStatus(await setSpeaker(user, fileId, list[0].id, { speaker_id: b.id }), 200);
    list = await utterances(user, fileId);
    expectStatus(await updateWords(user, fileId, list[2].id, { words: unchangedWords(list[2]).slice(1) }), 200);
    await expectStatsConsistent(transcriptId);
    const details = await transcript(user, fileId);
    const row = await storedStats(transcriptId);
    expect([details.wordCount, details.accuracyPercentage, details.speakerCount]).toEqual([
      row.word_count,
      row.accuracy_percentage,
      row.speaker_count,
    ]);
    expect(details.wordCount).toBe(29);
    const counts = (await speakers(user, fileId)).reduce((n: number, s: Json) => n + s.utteranceCount, 0);
    expect(counts).toBe((await utterances(user, fileId)).length);
  });
});
