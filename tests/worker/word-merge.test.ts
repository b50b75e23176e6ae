// Word-level merge (decision 052): an update_words computed on a version that is no longer the
// utterance's lands on the words as they now are when it touches other words than the edits
// since; the same word changed on both sides is a 409 that names it.
import { describe, expect, it } from "vitest";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import type { Json } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { history, storeTranscript, undoOk, updateWords, utterances } from "./transcript-helpers";
import { as, joinAs, newWorkspace } from "./workspace-helpers";

const texts = (u: Json) => u.transcriptWords.map((w: Json) => w.text).join(" ");
/** The utterance's words by id, the `at`-th one's text changed. */
const retyped = (u: Json, at: number, text: string) =>
  u.transcriptWords.map((w: Json, i: number) =>
    i === at ? { id: w.id, text, end_time: w.endTime, confidence_score: w.confidenceScore } : { id: w.id },
  );

/** A team file with a transcript, and two of its editors. */
async function twoEditors(): Promise<{ owner: TestUser; editor: TestUser; fileId: string; transcriptId: string }> {
  const owner = await createUser("merge-owner");
  const workspace = await newWorkspace(owner);
  const editor = await joinAs(owner, workspace.id, "editor");
  const { fileId, transcriptId } = await storeTranscript(owner);
  expectStatus(await as(owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: workspace.id } }), 200);
  return { owner, editor, fileId, transcriptId };
}

describe("stale word edits", { timeout: 60_000 }, () => {
  it("of two members on different words of one utterance from the same version both land, each undoable alone", async () => {
    const { owner, editor, fileId } = await twoEditors();
    const [u] = await utterances(owner, fileId);
    expect(texts(u)).toBe("u0w0 u0w1 u0w2 u0w3");

    const first = expectStatus(await updateWords(owner, fileId, u.id, { version: u.version, words: retyped(u, 0, "Alpha") }), 200).data;
    const second = expectStatus(await updateWords(editor, fileId, u.id, { version: u.version, words: retyped(u, 3, "Omega") }), 200).data;
    expect(texts(first.utterances[0])).toBe("Alpha u0w1 u0w2 u0w3");
    expect(texts(second.utterances[0])).toBe("Alpha u0w1 u0w2 Omega");
    expect(second.utterances[0].version).toBe(u.version + 2);
    expect(texts((await utterances(editor, fileId))[0])).toBe("Alpha u0w1 u0w2 Omega");

    // Each is its own entry, recording what it changed: undoing the second keeps the first.
    const entries = (await history(owner, fileId)).operations.map((op: Json) => [op.summary, op.author?.id]);
    expect(entries).toEqual([
      ['Edited "u0w0" → "Alpha"', owner.id],
      ['Edited "u0w3" → "Omega"', editor.id],
    ]);
    expect(texts((await undoOk(editor, fileId)).utterances[0])).toBe("Alpha u0w1 u0w2 u0w3");
  });

  it("of two members on the same word: the second gets 409 with the current text and the word named", async () => {
    const { owner, editor, fileId } = await twoEditors();
    const [u] = await utterances(owner, fileId);
    const first = expectStatus(await updateWords(owner, fileId, u.id, { version: u.version, words: retyped(u, 1, "mine") }), 200).data;
    const refused = await updateWords(editor, fileId, u.id, { version: u.version, words: retyped(u, 1, "yours") });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: EDIT_MESSAGES.stale,
      data: { utterances: first.utterances, conflicts: [{ utterance_id: u.id, word_ids: [u.transcriptWords[1].id] }] },
    });
    // A word changed by one and deleted by the other is the same conflict.
    const withoutIt = u.transcriptWords.filter((_: Json, i: number) => i !== 1).map((w: Json) => ({ id: w.id }));
    const deleted = await updateWords(editor, fileId, u.id, { version: u.version, words: withoutIt });
    expect(deleted.status).toBe(409);
    expect(deleted.body.data.conflicts).toEqual([{ utterance_id: u.id, word_ids: [u.transcriptWords[1].id] }]);
    expect(texts((await utterances(owner, fileId))[0])).toBe("u0w0 mine u0w2 u0w3");
    expect((await history(owner, fileId)).operations).toHaveLength(1);
  });

  it("of one user, two requests from one version: a word added and one deleted land beside the other's correction", async () => {
    const user = await createUser("merge-one");
    const { fileId } = await storeTranscript(user);
    const [u] = await utterances(user, fileId);
    const [w0, w1, w2] = u.transcriptWords;
    expectStatus(await updateWords(user, fileId, u.id, { version: u.version, words: retyped(u, 2, "fixed") }), 200);
    const added = { id: "merge-new-word", text: "new", start_time: w1.endTime, end_time: w1.endTime, confidence_score: 1 };
    // Computed on the first version: a word added after the second, the last deleted.
    const rest = [{ id: w0.id }, { id: w1.id }, added, { id: w2.id }];
    const data = expectStatus(await updateWords(user, fileId, u.id, { version: u.version, words: rest }), 200).data;
    expect(texts(data.utterances[0])).toBe("u0w0 u0w1 new fixed");
    expect(data.utterances[0].transcriptWords.map((w: Json) => w.id)).toEqual([w0.id, w1.id, "merge-new-word", w2.id]);
  });

  it("against a colleague's replace all: a pending edit of another word lands, one of a replaced word is a conflict", async () => {
    const { owner, editor, fileId } = await twoEditors();
    const [u] = await utterances(owner, fileId);
    expectStatus(await as(owner, "POST", `/transcripts/${fileId}/replace`, { find: "u0w1", replace: "replaced" }), 200);
    const other = expectStatus(await updateWords(editor, fileId, u.id, { version: u.version, words: retyped(u, 3, "kept") }), 200).data;
    expect(texts(other.utterances[0])).toBe("u0w0 replaced u0w2 kept");
    const same = await updateWords(editor, fileId, u.id, { version: u.version, words: retyped(u, 1, "mine") });
    expect(same.status).toBe(409);
    expect(same.body.data).toEqual({
      utterances: other.utterances,
      conflicts: [{ utterance_id: u.id, word_ids: [u.transcriptWords[1].id] }],
    });
  });

  it("whose version the history no longer leads back to (an undo since) get 409 as before, with nothing named", async () => {
    const user = await createUser("merge-gone");
    const { fileId } = await storeTranscript(user);
    const [u] = await utterances(user, fileId);
    const edited = expectStatus(await updateWords(user, fileId, u.id, { version: u.version, words: retyped(u, 0, "one") }), 200).data;
    await undoOk(user, fileId);
    const [now] = await utterances(user, fileId);
    const stale = await updateWords(user, fileId, u.id, { version: edited.utterances[0].version, words: retyped(u, 3, "two") });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: EDIT_MESSAGES.stale, data: { utterances: [now] } });
  });
});
