// History cannot fill a store (decision 031): each transcript's history and each user's keep
// within a byte budget (the oldest entries go, the newest stays, and the history says so), a
// user's edits have a rate limit that typing never meets, and no utterance grows past the words
// an edit may hold.
import { describe, expect, it } from "vitest";
import { editLimitMessage } from "../../core/edit-rate";
import { EDIT_LIMITS, EDIT_MESSAGES } from "../../core/edit-limits";
import type { StoreEdit } from "../../durable-objects/transcript-store/edits";
import { call } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { editInStore, inObject } from "./store-helpers";
import {
  history,
  historyRows,
  merge,
  sampleTranscript,
  storedStats,
  storeTranscript,
  unchangedWords,
  undoOk,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

/** update_words giving the utterance 5,000 new words of 100 characters (about a megabyte of history), as the API takes them. */
function hugeWords(round: number) {
  return Array.from({ length: EDIT_LIMITS.wordsPerUtteranceMax }, (_, i) => ({
    id: `r${round}w${i}`,
    text: `${round}-${i}-`.padEnd(EDIT_LIMITS.wordTextMax, "abcdefghij"),
    start_time: i * 0.0002,
    end_time: i * 0.0002 + 0.0001,
    confidence_score: 0.9,
  }));
}
const hugeEdit = (utteranceId: string, round: number): StoreEdit => ({
  kind: "operation",
  req: { type: "update_words", utteranceId, words: hugeWords(round) },
  opId: null,
});

/** The store's running totals and what its entries add up to. */
async function sizes(fileId: string) {
  return inObject(fileId, (sql) => ({
    transcript: sql.exec<{ b: number }>("SELECT history_bytes AS b FROM transcripts WHERE file_id = ?", fileId).one().b,
    transcriptEntries: sql
      .exec<{ b: number }>(
        "SELECT coalesce(sum(h.bytes), 0) AS b FROM history h JOIN transcripts t ON t.id = h.transcript WHERE t.file_id = ?",
        fileId,
      )
      .one().b,
    user: sql.exec<{ b: number }>("SELECT history_bytes AS b FROM store_meta").one().b,
    userEntries: sql.exec<{ b: number }>("SELECT coalesce(sum(bytes), 0) AS b FROM history").one().b,
  }));
}

/** One stored transcript of one short utterance, edited `rounds` times with huge words straight in the store. */
async function hugelyEdited(user: TestUser, rounds: number) {
  const stored = await storeTranscript(user, sampleTranscript(1, 3));
  const [u0] = await utterances(user, stored.fileId);
  for (let round = 0; round < rounds; round++) await editInStore(stored.fileId, hugeEdit(u0.id, round));
  return { ...stored, utteranceId: u0.id as string };
}

describe("the history's byte budget", { timeout: 120_000 }, () => {
  it("drops a transcript's oldest entries past its budget, keeps the newest undoable, and the history says so", async () => {
    const user = await createUser("budget");
    const t = await hugelyEdited(user, 5);
    const rows = await historyRows(t.transcriptId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(5);
    expect(rows.at(-1)!.seq).toBe(4);

    const size = await sizes(t.fileId);
    expect(size.transcript).toBeLessThanOrEqual(EDIT_LIMITS.historyBytesPerTranscript);
    expect(size.transcript).toBe(size.transcriptEntries);
    expect(size.user).toBe(size.userEntries);

    const listed = await history(user, t.fileId);
    expect(listed).toMatchObject({ truncated: true, canUndo: true, currentIndex: rows.length - 1 });
    const undone = await undoOk(user, t.fileId);
    expect(undone.utterances[0]?.transcriptWords[0]?.id).toBe("r3w0");
  });

  it("says nothing was dropped while everything is kept", async () => {
    const { user, fileId } = await userWithTranscript("budget-small");
    expect(await history(user, fileId)).toMatchObject({ truncated: false, operations: [] });
    const [u0] = await utterances(user, fileId);
    const words = unchangedWords(u0);
    words[0] = { id: u0.transcriptWords[0].id, text: "changed" };
    expectStatus(await updateWords(user, fileId, u0.id, { words }), 200);
    expect(await history(user, fileId)).toMatchObject({ truncated: false, currentIndex: 0 });
  });

  it("never meets a person's pace: 150 word edits sent back to back all answer 200", async () => {
    const { user, fileId } = await userWithTranscript("rate-typing");
    const [u0] = await utterances(user, fileId);
    for (let n = 0; n < 150; n++) {
      const words = unchangedWords(u0);
      words[0] = { id: u0.transcriptWords[0].id, text: `typed${n}` };
      expectStatus(await updateWords(user, fileId, u0.id, { words }), 200);
    }
  });

  it("holds back heavy edits sent back to back: 429 {error} with Retry-After, and the refused edit applies nothing", async () => {
    const user = await createUser("rate-heavy");
    const { fileId, transcriptId } = await storeTranscript(user, sampleTranscript(1, 3));
    const [u0] = await utterances(user, fileId);
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    let applied = 0;
    for (let round = 0; round < 12 && !refused; round++) {
      const result = await call(
        "PATCH",
        `/transcripts/${fileId}/utterances/${u0.id}/update_words`,
        { words: hugeWords(round) },
        { token: user.token },
      );
      if (result.status === 429) refused = result;
      else {
        expectStatus(result, 200);
        applied++;
      }
    }
    expect(refused, "a heavy edit was refused").toBeDefined();
    expect(applied).toBeGreaterThan(1);
    const wait = Number(refused!.res.headers.get("Retry-After"));
    expect(Number.isInteger(wait) && wait > 0).toBe(true);
    expect(refused!.body).toEqual({ error: editLimitMessage(wait) });
    // The words are the last applied round's, the pointer at its entry.
    expect((await utterances(user, fileId))[0].transcriptWords[0].id).toBe(`r${applied - 1}w0`);
    expect((await storedStats(transcriptId)).history_index).toBe(applied - 1);
  });
});

describe("the words an utterance holds", { timeout: 60_000 }, () => {
  it("refuses a merge whose utterance would hold more words than an edit may (422), and changes nothing", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("word-cap", sampleTranscript(2, 4));
    const half = EDIT_LIMITS.wordsPerUtteranceMax / 2 + 1;
    for (const u of await utterances(user, fileId)) {
      const after = u.transcriptWords.at(-1).startTime + 0.4;
      const added = Array.from({ length: half }, (_, i) => ({
        id: `${u.id}-x${i}`,
        text: "more",
        start_time: after + i * 0.0001,
        end_time: after + i * 0.0001,
        confidence_score: 1,
      }));
      expectStatus(await updateWords(user, fileId, u.id, { words: [...unchangedWords(u), ...added] }), 200);
    }
    const before = await utterances(user, fileId);
    expect(await merge(user, fileId, before[0].id)).toEqual({ status: 422, body: { error: EDIT_MESSAGES.tooManyWords } });
    expect(await utterances(user, fileId)).toEqual(before);
    expect(await historyRows(transcriptId)).toHaveLength(2);
  });
});
