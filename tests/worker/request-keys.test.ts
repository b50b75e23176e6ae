// A key means one request (decision 031): an Idempotency-Key is bound to the request that first
// sent it (route, target and body). Sent again with that request it answers as the first did and
// applies nothing; with any other request on the same transcript it answers 422 and applies
// nothing. Undo and redo honour the key: a retried undo steps back once.
import { describe, expect, it } from "vitest";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import {
  history,
  historyRows,
  redo,
  sampleTranscript,
  speakers,
  split,
  undo,
  unchangedWords,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";

const refusedAsReused = (result: { status: number; body: Json }) =>
  expect(result).toMatchObject({ status: 422, body: { error: EDIT_MESSAGES.keyReused } });

/** update_words that sets the utterance's first word to `text`. */
const firstWordTo = (u: Json, text: string) => ({
  words: [
    { id: u.transcriptWords[0].id, text, end_time: u.transcriptWords[0].endTime, confidence_score: 1 },
    ...unchangedWords(u).slice(1),
  ],
});

/** Everything a client sees of the transcript's words and history. */
async function state(user: TestUser, fileId: string) {
  return { utterances: await utterances(user, fileId), history: await history(user, fileId) };
}

describe("an Idempotency-Key sent with another request", { timeout: 30_000 }, () => {
  it("answers 422 for another body on the same route and target, applies nothing, and the first request's repeat still answers", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("key-body");
    const [u0] = await utterances(user, fileId);
    const headers = { "Idempotency-Key": "key-1" };
    const first = expectStatus(await updateWords(user, fileId, u0.id, firstWordTo(u0, "first"), { headers }), 200).data;
    const before = await state(user, fileId);

    refusedAsReused(await updateWords(user, fileId, u0.id, firstWordTo(u0, "second"), { headers }));
    expect(await state(user, fileId)).toEqual(before);
    expect(await historyRows(transcriptId)).toHaveLength(1);

    // The same request again is a retry: the first answer, nothing more.
    expect(expectStatus(await updateWords(user, fileId, u0.id, firstWordTo(u0, "first"), { headers }), 200).data).toEqual(first);
    expect(await state(user, fileId)).toEqual(before);
  });

  it("answers a saved edit resent with the versions read later as the same request", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("key-version");
    const [u0] = await utterances(user, fileId);
    const headers = { "Idempotency-Key": "key-version-1" };
    const body = firstWordTo(u0, "kept");
    const first = expectStatus(await updateWords(user, fileId, u0.id, { ...body, version: u0.version }, { headers }), 200).data;
    const [after] = await utterances(user, fileId);
    expect(after.version).not.toBe(u0.version);
    // A stored edit sent again after a reload carries the version the client reads now.
    expect(expectStatus(await updateWords(user, fileId, u0.id, { ...body, version: after.version }, { headers }), 200).data).toEqual(first);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("answers 422 for another target, another route, and for undo or redo", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("key-route", sampleTranscript(4, 4));
    const [u0, u1] = await utterances(user, fileId);
    const headers = { "Idempotency-Key": "key-2" };
    expectStatus(await updateWords(user, fileId, u0.id, firstWordTo(u0, "changed"), { headers }), 200);
    const before = await state(user, fileId);

    refusedAsReused(await updateWords(user, fileId, u1.id, firstWordTo(u1, "changed"), { headers }));
    refusedAsReused(
      await split(user, fileId, u0.id, { first_word_id: u0.transcriptWords[2].id, new_utterance_id: "k-split" }, { headers }),
    );
    refusedAsReused(await call("POST", `/transcripts/${fileId}/replace`, { find: "u1w1", replace: "x" }, { token: user.token, headers }));
    const [a, b] = await speakers(user, fileId);
    refusedAsReused(
      await call("POST", `/transcripts/${fileId}/speakers/${a.id}/merge`, { into_speaker_id: b.id }, { token: user.token, headers }),
    );
    refusedAsReused(await undo(user, fileId, { headers }));
    refusedAsReused(await redo(user, fileId, { headers }));
    expect(await state(user, fileId)).toEqual(before);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("answers 422 for a replace-all key sent with another find", async () => {
    const { user, fileId } = await userWithTranscript("key-replace");
    const headers = { "Idempotency-Key": "key-3" };
    const replace = (find: string) =>
      call("POST", `/transcripts/${fileId}/replace`, { find, replace: "zz" }, { token: user.token, headers });
    const first = expectStatus(await replace("u0w1"), 200).data;
    expect(first.replaced).toBe(1);
    const before = await state(user, fileId);
    refusedAsReused(await replace("u1w1"));
    expect(await state(user, fileId)).toEqual(before);
    expect(expectStatus(await replace("u0w1"), 200).data.replaced).toBe(1);
  });
});

describe("undo and redo with an Idempotency-Key", { timeout: 30_000 }, () => {
  it("a retried undo steps back once and answers like the first", async () => {
    const { user, fileId } = await userWithTranscript("key-undo");
    const [u0] = await utterances(user, fileId);
    expectStatus(await updateWords(user, fileId, u0.id, firstWordTo(u0, "one")), 200);
    expectStatus(await updateWords(user, fileId, u0.id, firstWordTo((await utterances(user, fileId))[0], "two")), 200);
    const headers = { "Idempotency-Key": "undo-1" };

    const first = expectStatus(await undo(user, fileId, { headers }), 200).data;
    expect(first.utterances[0].transcriptWords[0].text).toBe("one");
    const again = expectStatus(await undo(user, fileId, { headers }), 200).data;
    expect(again).toEqual(first);
    const listed = await history(user, fileId);
    expect(listed).toMatchObject({ currentIndex: 0, canUndo: true, canRedo: true });
    expect((await utterances(user, fileId))[0].transcriptWords[0].text).toBe("one");

    // A redo with its own key, retried, steps forward once.
    const redoKey = { "Idempotency-Key": "redo-1" };
    expectStatus(await redo(user, fileId, { headers: redoKey }), 200);
    expectStatus(await redo(user, fileId, { headers: redoKey }), 200);
    expect(await history(user, fileId)).toMatchObject({ currentIndex: 1, canRedo: false });
    expect((await utterances(user, fileId))[0].transcriptWords[0].text).toBe("two");
  });

  it("an undo's key sent with an edit answers 422 and applies nothing", async () => {
    const { user, fileId, transcriptId } = await userWithTranscript("key-undo-edit");
    const [u0] = await utterances(user, fileId);
    expectStatus(await updateWords(user, fileId, u0.id, firstWordTo(u0, "one")), 200);
    const headers = { "Idempotency-Key": "undo-2" };
    expectStatus(await undo(user, fileId, { headers }), 200);
    const before = await state(user, fileId);
    refusedAsReused(await updateWords(user, fileId, u0.id, firstWordTo(u0, "other"), { headers }));
    expect(await state(user, fileId)).toEqual(before);
    expect(await historyRows(transcriptId)).toHaveLength(1);
  });

  it("a refused undo remembers no key: the key works once there is something to undo", async () => {
    const a = await userWithTranscript("key-two");
    const [u0] = await utterances(a.user, a.fileId);
    expectStatus(await updateWords(a.user, a.fileId, u0.id, firstWordTo(u0, "one")), 200);
    const headers = { "Idempotency-Key": "undo-3" };
    expectStatus(await undo(a.user, a.fileId, { headers }), 200);
    // A refused undo (nothing left) remembers no key: the next one with it, after an edit, runs.
    expect(await undo(a.user, a.fileId, { headers: { "Idempotency-Key": "undo-4" } })).toMatchObject({ status: 409 });
    expectStatus(await updateWords(a.user, a.fileId, u0.id, firstWordTo(u0, "two")), 200);
    expectStatus(await undo(a.user, a.fileId, { headers: { "Idempotency-Key": "undo-4" } }), 200);
    expect((await history(a.user, a.fileId)).currentIndex).toBe(-1);
  });
});
