// Replace all (POST /transcripts/{id}/replace): one operation over the whole
// transcript, one history entry that one undo reverts exactly, rows written
// only for the touched utterances, the push naming them, and every refusal.
import { describe, expect, it } from "vitest";
import type { NormalizedTranscript } from "../../worker/transcription/types";
import { call, type Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { openTab, until } from "./live-helpers";
import { editInStore, headerOf, lastStoredChange } from "./store-helpers";
import {
  expectStatsConsistent,
  history,
  historyRows,
  redoOk,
  sampleTranscript,
  storeTranscript,
  undoOk,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

/** One utterance per text, words 0.5 s apart, confidences varying so statistics show any slip. */
function transcriptOf(texts: string[]): NormalizedTranscript {
  let t = 0;
  return {
    duration: 0,
    speakers: ["A", "B"],
    utterances: texts.map((text, u) => {
      const words = text.split(" ").map((w, i) => {
        const start = t;
        t += 0.5;
        return { text: w, start, end: start + 0.4, confidence: 0.5 + ((u + i) % 5) / 10, hasEntities: false };
      });
      t += 1;
      return {
        speaker: u % 2 ? "B" : "A",
        start: words[0]!.start,
        end: words.at(-1)!.end,
        words,
        sentiment: null,
        sentimentConfidence: null,
      };
    }),
  };
}

const TEXTS = [
  "I saw teh cat",
  "nothing to see here",
  "Teh dog and teh bird in New York",
  "tehran is a city",
  "teh",
  "we went to New York again",
];

const replace = (user: TestUser, fileId: string, body: unknown, headers?: Record<string, string>) =>
  call("POST", `/transcripts/${fileId}/replace`, body, { token: user.token, headers });

const text = (u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" ");
const texts = async (user: TestUser, fileId: string) => (await utterances(user, fileId)).map(text);

describe("replace all", { timeout: 60_000 }, () => {
  it("replaces every match in one step, keeps each word's times, and one undo reverts it exactly", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("replace", transcriptOf(TEXTS));
    const before = await utterances(user, fileId);

    const body = expectStatus(await replace(user, fileId, { find: "teh", replace: "the" }), 200);
    expect(body.data.replaced).toBe(5);
    expect(body.data.utterance_ids).toEqual([before[0].id, before[2].id, before[3].id, before[4].id]);
    expect(await texts(user, fileId)).toEqual([
      "I saw the cat",
      "nothing to see here",
      "the dog and the bird in New York",
      "theran is a city",
      "the",
      "we went to New York again",
    ]);
    const after = await utterances(user, fileId);
    // One word for one word: same ids, same times; the transcribed confidence is kept for the cycle.
    const word = (u: Json, i: number) => u.transcriptWords[i];
    expect(word(after[0], 2)).toMatchObject({ id: word(before[0], 2).id, text: "the", startTime: word(before[0], 2).startTime });
    expect(word(after[0], 2).endTime).toBe(word(before[0], 2).endTime);
    expect(after[1]).toEqual(before[1]);
    expect(after[5]).toEqual(before[5]);
    await expectStatsConsistent(transcriptId);

    const rows = await historyRows(transcriptId);
    expect(rows.map((r) => r.summary)).toEqual(['Replaced "teh" with "the" (5×)']);
    expect((await history(user, fileId)).canUndo).toBe(true);

    await undoOk(user, fileId);
    const undone = await utterances(user, fileId);
    // Exactly as before but for the versions, which keep growing.
    expect(undone.map(({ version: _v, ...u }) => u)).toEqual(before.map(({ version: _v, ...u }: Json) => u));
    await expectStatsConsistent(transcriptId);

    await redoOk(user, fileId);
    expect((await utterances(user, fileId)).map(({ version: _v, ...u }) => u)).toEqual(after.map(({ version: _v, ...u }: Json) => u));
    await expectStatsConsistent(transcriptId);
  });

  it("honours match case and whole word, replaces phrases, and deletes words without emptying an utterance", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("replace-opts", transcriptOf(TEXTS));
    const before = await utterances(user, fileId);

    expect(expectStatus(await replace(user, fileId, { find: "Teh", replace: "The", match_case: true }), 200).data.replaced).toBe(1);
    expect((await texts(user, fileId))[2]).toBe("The dog and teh bird in New York");

    expect(expectStatus(await replace(user, fileId, { find: "teh", replace: "the", whole_word: true }), 200).data.replaced).toBe(3);
    expect((await texts(user, fileId))[3]).toBe("tehran is a city");

    // Two words become one: the word-edit diffing, inside the replaced words' time.
    expectStatus(await replace(user, fileId, { find: "new york", replace: "NYC" }), 200);
    const list = await utterances(user, fileId);
    expect(text(list[5])).toBe("we went to NYC again");
    const nyc = list[5].transcriptWords[3];
    expect(nyc.startTime).toBeGreaterThanOrEqual(before[5].transcriptWords[3].startTime);
    expect(nyc.endTime).toBeLessThanOrEqual(before[5].transcriptWords[4].endTime);

    // Deleting (any case): "the" alone in utterance 4 stays (an utterance keeps at least one word).
    const deleted = expectStatus(await replace(user, fileId, { find: "the", replace: "", whole_word: true }), 200).data;
    expect(deleted.replaced).toBe(3);
    expect(await texts(user, fileId)).toEqual([
      "I saw cat",
      "nothing to see here",
      "dog and bird in NYC",
      "tehran is a city",
      "the",
      "we went to NYC again",
    ]);
    await expectStatsConsistent(transcriptId);
    expect((await historyRows(transcriptId)).at(-1)!.summary).toBe('Replaced "the" with "" (3×)');
  });

  it("answers nothing replaced when nothing matches, and records no history", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("replace-none", transcriptOf(TEXTS));
    const body = expectStatus(await replace(user, fileId, { find: "zebra", replace: "horse" }), 200);
    expect(body.data).toMatchObject({ replaced: 0, utterance_ids: [] });
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  it("refuses what it cannot do with 4xx {error}", async () => {
    const { user, fileId } = await userWithTranscript("replace-refuse", transcriptOf(TEXTS));
    const refused = async (body: unknown, status = 422) => {
      const answer = expectStatus(await replace(user, fileId, body), status);
      expect(typeof answer.error).toBe("string");
      return answer.error as string;
    };
    expect(await refused({ find: "", replace: "x" })).toBe("Find must not be empty");
    expect(await refused({ find: "   ", replace: "x" })).toBe("Find must not be empty");
    expect(await refused({ find: "a", replace: "x" })).toBe("Find needs at least 2 characters");
    expect(await refused({ find: " a ", replace: "x" })).toBe("Find needs at least 2 characters");
    expect(await refused({ find: "teh", replace: "x".repeat(501) })).toBe("Replace must be 500 characters or less");
    expect(await refused({ find: "teh", replace: "a\u202Eb" })).toMatch(/direction/);
    await refused({ find: "teh" });
    await refused({ find: "teh", replace: "the", extra: 1 });
    // A word longer than a word may be.
    expect(await refused({ find: "teh", replace: "y".repeat(101) })).toMatch(/100 characters/);
    expect(await texts(user, fileId)).toEqual(TEXTS);

    const bob = await createUser("replace-bob");
    expect(expectStatus(await replace(bob, fileId, { find: "teh", replace: "the" }), 404).error).toBe("Transcript not found");
    expectStatus(await replace(user, crypto.randomUUID(), { find: "teh", replace: "the" }), 404);
    expect(await texts(user, fileId)).toEqual(TEXTS);
  });

  it("refuses more than 10,000 matches and says how many", async () => {
    const many = Array.from({ length: 11 }, () => Array.from({ length: 1_000 }, () => "ab").join(" "));
    const { user, fileId, transcriptId } = await userWithTranscript("replace-many", transcriptOf(many));
    const answer = expectStatus(await replace(user, fileId, { find: "ab", replace: "cd" }), 422);
    expect(answer.error).toBe("Found 11,000 matches; replace all changes at most 10,000 at once");
    expect(await historyRows(transcriptId)).toEqual([]);
  });

  it("applies a repeated Idempotency-Key once", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("replace-key", transcriptOf(["cat cat", "cat"]));
    const headers = { "Idempotency-Key": "replace-once" };
    const first = expectStatus(await replace(user, fileId, { find: "cat", replace: "cat cat" }, headers), 200).data;
    const again = expectStatus(await replace(user, fileId, { find: "cat", replace: "cat cat" }, headers), 200).data;
    expect(again.replaced).toBe(first.replaced);
    expect(again.utterance_ids).toEqual(first.utterance_ids);
    expect(await texts(user, fileId)).toEqual(["cat cat cat cat", "cat cat"]);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("pushes transcript_changed naming the touched utterances", async () => {
    const { user, fileId } = await userWithTranscript("replace-live", transcriptOf(TEXTS));
    const tab = await openTab(user, "transcript_changed", fileId);
    const list = await utterances(user, fileId);
    expectStatus(await replace(user, fileId, { find: "new york", replace: "NYC" }, { "X-Client-Id": "tab-9" }), 200);
    expect(await until(() => tab.messages.length === 1)).toBe(true);
    expect(tab.messages[0]).toMatchObject({
      type: "transcript_changed",
      file_id: fileId,
      utterance_ids: [list[2].id, list[5].id],
      removed_utterance_ids: [],
      details_changed: true,
      client_id: "tab-9",
    });
    tab.close();
  });

  it("records a change of hundreds of utterances (megabytes of states) that one undo reverts exactly", async () => {
    const sample = sampleTranscript(600, 40);
    for (const u of sample.utterances) u.words[7]!.text = "teh";
    const { user, fileId, transcriptId } = await userWithTranscript("replace-big", sample);
    const before = await utterances(user, fileId);
    const headers = { "Idempotency-Key": "big-once" };
    const body = expectStatus(await replace(user, fileId, { find: "teh", replace: "the" }, headers), 200);
    expect(body.data.replaced).toBe(600);
    expect(body.data.utterance_ids).toHaveLength(600);
    expect(body.data.utterances.map((u: Json) => u.position)).toEqual(before.map((u: Json) => u.position));
    // The store keeps the entry as diffs: ids and the changed word, not the states.
    expect((await lastStoredChange(transcriptId)).length).toBeLessThan(600 * 200);
    // The repeated key reads the stored change back.
    expect(expectStatus(await replace(user, fileId, { find: "teh", replace: "the" }, headers), 200).data.replaced).toBe(600);
    await expectStatsConsistent(transcriptId);
    await undoOk(user, fileId);
    expect((await utterances(user, fileId)).map(({ version: _v, ...u }) => u)).toEqual(before.map(({ version: _v, ...u }: Json) => u));
    await expectStatsConsistent(transcriptId);
    await redoOk(user, fileId);
    expect((await texts(user, fileId)).every((t) => t.includes(" the ") && !t.includes("teh"))).toBe(true);
  });

  it("writes rows only for the utterances it touches, whatever the transcript's size", async () => {
    const written = async (count: number) => {
      const user = await createUser("replace-rows");
      const sample = sampleTranscript(count, 6);
      // Three utterances hold the word to replace.
      for (const u of [1, 2, 3]) sample.utterances[u]!.words[2]!.text = "teh";
      const { transcriptId } = await storeTranscript(user, sample);
      const header = await headerOf(transcriptId);
      const { outcome } = await editInStore(header.fileId, {
        kind: "replace",
        spec: { find: "teh", replace: "the", matchCase: false, wholeWord: true },
        opId: null,
      });
      expect(outcome!.result).toMatchObject({ replaced: 3 });
      return outcome!.rowsWritten;
    };
    const small = await written(5);
    const large = await written(2_000);
    console.log(`rows written by replace all touching 3 utterances: ${small} (5 utterances), ${large} (2,000 utterances)`);
    expect(large).toBe(small);
    // 3 utterance rows (+ their index entries and their rows of the search index, decision 015),
    // one history row (+ its indexes), the transcript row.
    expect(large).toBeLessThanOrEqual(3 * 4 + 6);
  });
});
