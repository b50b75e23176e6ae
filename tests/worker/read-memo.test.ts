// The store's remembered read answers (decision 049): every kind of write is seen by the next
// read, and the memory they take stays within its budget.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeUtterances } from "../../common/compact-utterances";
import { ReadMemo, textSize } from "../../durable-objects/transcript-store/read-memo";
import { SizedCache } from "../../durable-objects/transcript-store/sized-cache";
import { transcriptRoom } from "../../worker/objects";
import { call, expectOk, type Json, typedApi } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import {
  sampleTranscript,
  setSpeaker,
  speakers,
  split,
  transcript,
  undoOk,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const compact = async (user: TestUser, fileId: string) => {
  const { data } = await expectOk(
    await typedApi({ token: user.token }).transcripts[":id"].utterances.$get({ param: { id: fileId }, query: { format: "compact" } }),
  );
  if (!("format" in data)) throw new Error("expected the compact shape");
  return decodeUtterances(data);
};

/** The named utterances, read without the remembered answers (the ?ids= read is never kept). */
const byIds = async (user: TestUser, fileId: string, ids: string[]) =>
  expectStatus(await call("GET", `/transcripts/${fileId}/utterances?ids=${ids.join(",")}`, undefined, { token: user.token }), 200).data
    .data as Json[];

/** Every remembered read, twice (the second is served from memory), against a read that is not kept. */
async function expectReadsCurrent(user: TestUser, fileId: string) {
  for (let i = 0; i < 2; i++) {
    const json = await utterances(user, fileId);
    expect(await compact(user, fileId)).toEqual(json);
    expect(json).toEqual(
      await byIds(
        user,
        fileId,
        json.map((u) => u.id),
      ),
    );
  }
  expect((await transcript(user, fileId)).speakers).toEqual(await speakers(user, fileId));
}

describe("remembered reads", () => {
  it("show every kind of write at once: words, split, speaker, rename, notes, undo, comments", async () => {
    const { user, fileId } = await userWithTranscript("memo", sampleTranscript(5, 4));
    await expectReadsCurrent(user, fileId);
    const [first, second] = await utterances(user, fileId);
    const edits: [string, () => Promise<unknown>][] = [
      ["a word", () => updateWords(user, fileId, first.id, { words: [{ id: first.transcriptWords[0].id, text: "Remembered" }] })],
      ["a split", () => split(user, fileId, second.id, { first_word_id: second.transcriptWords[2].id, new_utterance_id: "memo-half" })],
      ["a speaker", () => setSpeaker(user, fileId, first.id, { speaker_id: second.speakerId })],
      [
        "a rename",
        () => call("PUT", `/transcripts/${fileId}/speakers/${first.speakerId}`, { speaker: { name: "Ada" } }, { token: user.token }),
      ],
      ["notes", () => call("PUT", `/transcripts/${fileId}`, { transcript: { notes: "Kept" } }, { token: user.token })],
      ["an undo", () => undoOk(user, fileId)],
    ];
    for (const [what, edit] of edits) {
      await edit();
      await expectReadsCurrent(user, fileId).catch((error: Error) => {
        throw new Error(`after ${what}: ${error.message}`);
      });
    }
    // The undo took the notes back out.
    expect((await transcript(user, fileId)).notes).toBeNull();
    expect((await speakers(user, fileId)).find((s) => s.id === first.speakerId)?.name).toBe("Ada");

    const list = () => call("GET", `/transcripts/${fileId}/comments`, undefined, { token: user.token });
    expect(expectStatus(await list(), 200).data).toEqual([]);
    const words = (await utterances(user, fileId))[0]!.transcriptWords;
    const body = { start_word_id: words[0].id, end_word_id: words.at(-1).id, body: "Check this" };
    expectStatus(await call("POST", `/transcripts/${fileId}/comments`, body, { token: user.token }), 201);
    expect(expectStatus(await list(), 200).data.map((c: Json) => c.body)).toEqual(["Check this"]);
  });

  it("makes an answer once until the store is written, and keeps within its budget", async () => {
    const user = await createUser("memo-budget");
    const made = await runInDurableObject(transcriptRoom(env, user.id), (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec("CREATE TABLE IF NOT EXISTS memo_probe (x)");
      const memo = new ReadMemo(sql, new SizedCache(10));
      const makes: string[] = [];
      const read = (key: string, text: string) =>
        memo.remember(key, textSize, () => {
          makes.push(key);
          return text;
        });
      read("a", "12345");
      read("a", "12345");
      read("b", "123456"); // 11 characters: over the budget, so the least recently used goes
      read("b", "123456");
      read("a", "12345");
      sql.exec("INSERT INTO memo_probe VALUES (1)");
      read("a", "12345");
      read("huge", "12345678901"); // larger than the whole budget: made, never kept
      read("huge", "12345678901");
      return makes;
    });
    expect(made).toEqual(["a", "b", "a", "a", "huge", "huge"]);
  });
});
