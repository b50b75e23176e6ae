// Words and speaker names stay plain text: control characters and line breaks are refused
// in edits (422, nothing applied) and stripped from a speech service's words; word times
// stay within the recording and 48 hours.
import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES } from "../../core/details-limits";
import { EDIT_LIMITS, EDIT_MESSAGES } from "../../core/edit-limits";
import { call, type Json } from "./helpers";
import { expectStatus } from "./library-helpers";
import {
  expectStatsConsistent,
  historyRows,
  sampleTranscript,
  speakers,
  transcript,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const patchWord = (u: Json, k: number, patch: Record<string, unknown>) => ({
  words: u.transcriptWords.map((w: Json, i: number) => (i === k ? { id: w.id, ...patch } : { id: w.id })),
});

/** Every word of `u` unchanged, then a new one with these fields. */
const withNewWord = (u: Json, word: Record<string, unknown>) => {
  const last = u.transcriptWords.at(-1);
  return {
    words: [
      ...u.transcriptWords.map((w: Json) => ({ id: w.id })),
      { id: "newword001", text: "new", start_time: last.startTime, end_time: last.endTime, confidence_score: 1, ...word },
    ],
  };
};

const LINE_BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u000B", "\u000C", "\u0085"];
const CONTROLS = ["\u0000", "\u0007", "\u001B", "\u007F", "\u009B", "\t"];

describe("control characters and line breaks in words", { timeout: 30_000 }, () => {
  it("are refused in a changed word, a new word and a replacement with a specific 422, and nothing changes", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("plain-words");
    const list = await utterances(user, fileId);
    const u0 = list[0];
    for (const [chars, error] of [
      [LINE_BREAKS, EDIT_MESSAGES.lineBreak],
      [CONTROLS, EDIT_MESSAGES.controlCharacter],
    ] as const) {
      for (const c of chars) {
        for (const text of [`one${c}two`, `word${c}`]) {
          const changed = await updateWords(user, fileId, u0.id, patchWord(u0, 1, { text }));
          expect(changed, JSON.stringify(text)).toMatchObject({ status: 422, body: { error } });
          const added = await updateWords(user, fileId, u0.id, withNewWord(u0, { text }));
          expect(added, JSON.stringify(text)).toMatchObject({ status: 422, body: { error } });
        }
        const replaced = await call("POST", `/transcripts/${fileId}/replace`, { find: "u0w1", replace: `a${c}b` }, { token: user.token });
        expect(replaced, JSON.stringify(c)).toMatchObject({ status: 422, body: { error } });
      }
    }
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toEqual([]);
  });
});

describe("control characters and line breaks in speaker names and roles", { timeout: 30_000 }, () => {
  it("are refused on create and update with a specific 422, and nothing changes", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("plain-names");
    const before = await speakers(user, fileId);
    const first = before[0];
    for (const [chars, error] of [
      [LINE_BREAKS, DETAILS_MESSAGES.lineBreak],
      [CONTROLS, DETAILS_MESSAGES.controlCharacter],
    ] as const) {
      for (const c of chars) {
        for (const speaker of [{ name: `Ada${c}Lovelace` }, { name: "Ada", role: `Host${c}` }, { name: `${c}Ada` }]) {
          const updated = await call("PUT", `/transcripts/${fileId}/speakers/${first.id}`, { speaker }, { token: user.token });
          expect(updated, JSON.stringify(speaker)).toMatchObject({ status: 422, body: { error } });
          const created = await call("POST", `/transcripts/${fileId}/speakers`, { speaker }, { token: user.token });
          expect(created, JSON.stringify(speaker)).toMatchObject({ status: 422, body: { error } });
        }
      }
    }
    expect(await speakers(user, fileId)).toEqual(before);
    expect(await historyRows(transcriptId)).toEqual([]);
  });
});

describe("a speech service's words", { timeout: 30_000 }, () => {
  it("are stored as plain text: controls stripped, a line break splits, a long word is cut, times in order; the utterance stays editable", async () => {
    const result = sampleTranscript(2, 6);
    const words = result.utterances[0]!.words;
    const long = "x".repeat(250);
    words[0] = { ...words[0]!, text: "hel\u0007lo\u0000" };
    words[1] = { ...words[1]!, text: "one\ntwo" };
    words[2] = { ...words[2]!, text: "\u0001\u0002" };
    words[3] = { ...words[3]!, text: long };
    // Starts that go backwards, and a word ending before it starts.
    words[4] = { ...words[4]!, start: words[3]!.start - 0.3, end: words[3]!.start - 0.5 };
    const { user, fileId, transcriptId } = await userWithTranscript("plain-ingest", result);
    const [u0] = await utterances(user, fileId);
    const texts = u0.transcriptWords.map((w: Json) => w.text);
    expect(texts.slice(0, 3)).toEqual(["hello", "one", "two"]);
    expect(texts.join("")).toContain(long);
    for (const t of texts) {
      expect(t.length).toBeLessThanOrEqual(EDIT_LIMITS.wordTextMax);
      expect(t).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/);
    }
    u0.transcriptWords.forEach((w: Json, i: number) => {
      expect(w.endTime).toBeGreaterThanOrEqual(w.startTime);
      if (i > 0) expect(w.startTime).toBeGreaterThanOrEqual(u0.transcriptWords[i - 1].startTime);
    });
    await expectStatsConsistent(transcriptId);
    // An ordinary edit of that utterance is accepted.
    expectStatus(await updateWords(user, fileId, u0.id, patchWord(u0, 0, { text: "Hello" })), 200);
  });
});

describe("word times", { timeout: 30_000 }, () => {
  it("above 48 hours or past the recording's length and a margin are refused (422), and nothing changes", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("plain-times");
    const list = await utterances(user, fileId);
    const u0 = list[0];
    const { duration } = await transcript(user, fileId);
    const late = duration + EDIT_LIMITS.timeMarginSeconds + 1;
    for (const [word, error] of [
      [{ start_time: 48 * 3600 + 1, end_time: 48 * 3600 + 2 }, EDIT_MESSAGES.timeTooLarge],
      [{ start_time: late - 1, end_time: 48 * 3600 + 1 }, EDIT_MESSAGES.timeTooLarge],
      [{ start_time: late, end_time: late + 1 }, EDIT_MESSAGES.timePastRecording],
      [{ start_time: late - 1, end_time: late }, EDIT_MESSAGES.timePastRecording],
      [{ start_time: -1, end_time: late - 1 }, EDIT_MESSAGES.timesOutOfOrder],
    ] as const) {
      const added = await updateWords(user, fileId, u0.id, withNewWord(u0, word));
      expect(added, JSON.stringify(word)).toMatchObject({ status: 422, body: { error } });
    }
    const changed = await updateWords(user, fileId, u0.id, patchWord(u0, 3, { text: "later", end_time: late }));
    expect(changed).toMatchObject({ status: 422, body: { error: EDIT_MESSAGES.timePastRecording } });
    expect(await utterances(user, fileId)).toEqual(list);
    expect(await historyRows(transcriptId)).toEqual([]);
    // Within the margin is fine.
    const within = duration + EDIT_LIMITS.timeMarginSeconds - 1;
    expectStatus(await updateWords(user, fileId, u0.id, patchWord(u0, 3, { text: "later", end_time: within })), 200);
  });
});
