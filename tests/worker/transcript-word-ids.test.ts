// No utterance becomes uneditable: a new word's id is unique in the whole transcript, and a
// merge keeps the joined words' times in order, so every state the API accepts takes the
// ordinary edits that follow.
import { describe, expect, it } from "vitest";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { Json } from "./helpers";
import { expectStatus } from "./library-helpers";
import { historyRows, merge, split, updateWords, userWithTranscript, utterances } from "./transcript-helpers";

/** Every word of `u` unchanged, then a new one with this id. */
const withNewWord = (u: Json, id: string) => {
  const last = u.transcriptWords.at(-1);
  return {
    words: [
      ...u.transcriptWords.map((w: Json) => ({ id: w.id })),
      { id, text: "again", start_time: last.startTime, end_time: last.endTime, confidence_score: 1 },
    ],
  };
};

/** An ordinary edit: the first word's text changed, every other word as it is. */
const typoFix = (u: Json) => ({
  words: u.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: `${w.text}x` } : { id: w.id })),
});

const startsInOrder = (u: Json) =>
  u.transcriptWords.every(
    (w: Json, i: number) => w.endTime >= w.startTime && (i === 0 || w.startTime >= u.transcriptWords[i - 1].startTime),
  );

describe("a new word's id", { timeout: 30_000 }, () => {
  it("used anywhere else in the transcript is refused (422) and nothing changes; a merge and an edit then go through", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("word-ids");
    let list = await utterances(user, fileId);
    // A word moved by a split is stored under another row than the one its id was made for.
    expectStatus(await split(user, fileId, list[2].id, { first_word_id: list[2].transcriptWords[2].id, new_utterance_id: "tail-1" }), 200);
    list = await utterances(user, fileId);
    const taken = [
      list[1].transcriptWords[0].id,
      list[3].transcriptWords[0].id,
      list[3].transcriptWords[1].id,
      list.at(-1).transcriptWords[1].id,
    ];
    const entries = (await historyRows(transcriptId)).length;
    for (const id of taken) {
      const added = await updateWords(user, fileId, list[0].id, withNewWord(list[0], id));
      expect(added, id).toMatchObject({ status: 422, body: { error: EDIT_MESSAGES.wordIdTaken } });
    }
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toHaveLength(entries);

    // A fresh id, or one of the utterance's own words sent back, is fine.
    expectStatus(await updateWords(user, fileId, list[0].id, withNewWord(list[0], "fresh-word-1")), 200);
    const merged = expectStatus(await merge(user, fileId, list[0].id, { source_utterance_id: list[1].id }), 200).data.utterances[0];
    expect(new Set(merged.transcriptWords.map((w: Json) => w.id)).size).toBe(merged.transcriptWords.length);
    expectStatus(await updateWords(user, fileId, merged.id, typoFix(merged)), 200);
  });
});

describe("merging utterances whose words overlap in time", { timeout: 30_000 }, () => {
  it("keeps the joined words' times in order, so the next edit of the merged utterance is accepted", async () => {
    const { user, fileId } = await userWithTranscript("merge-order");
    const [u0, u1] = await utterances(user, fileId);
    // The second turn starts before the first one's last word (two speakers overlapping): accepted.
    const early = u0.transcriptWords.at(-1).startTime - 0.3;
    const moved = expectStatus(
      await updateWords(user, fileId, u1.id, {
        words: u1.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, start_time: early } : { id: w.id })),
      }),
      200,
    ).data.utterances[0];
    const merged = expectStatus(await merge(user, fileId, u0.id, { source_utterance_id: moved.id }), 200).data.utterances[0];
    expect(merged.transcriptWords.map((w: Json) => w.text)).toEqual([...u0.transcriptWords, ...moved.transcriptWords].map((w) => w.text));
    expect(startsInOrder(merged)).toBe(true);
    const fixed = expectStatus(await updateWords(user, fileId, merged.id, typoFix(merged)), 200).data.utterances[0];
    expect(startsInOrder(fixed)).toBe(true);
  });
});
