// A file moved between workspaces is found by its words in its new workspace's search and Ask
// from the move's answer on, and no longer in the old one's; its history, undo and comments come
// along (decision 053: its transcript room is the file's own, the indexes are the workspaces').
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { retrievePassages } from "../../worker/ask/retrieve";
import { call, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { saying, storeTranscript, unchangedWords, undoOk, updateWords, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

const found = async (user: TestUser, workspaceId: string, q: string) =>
  expectStatus(await call("GET", `/search?${new URLSearchParams({ q, workspace_id: workspaceId })}`, undefined, { token: user.token }), 200)
    .data as Json[];

describe("a file moved between workspaces", { timeout: 60_000 }, () => {
  it("is found by its words in the new workspace at once, not in the old, with its history and comments", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, saying("the narwhal surfaced at dawn", "we logged it"));
    const [u0] = await utterances(t.owner, fileId);
    const words = unchangedWords(u0);
    words[1] = { id: u0.transcriptWords[1].id, text: "walrus" };
    expectStatus(await updateWords(t.owner, fileId, u0.id, { words }), 200);
    const thread = expectStatus(
      await as(t.owner, "POST", `/transcripts/${fileId}/comments`, {
        start_word_id: u0.transcriptWords[0].id,
        end_word_id: u0.transcriptWords[0].id,
        body: "Check the time",
      }),
      201,
    ).data;
    // In the personal workspace (named by the owner's id) before the move.
    expect((await found(t.owner, t.owner.id, "walrus")).map((h) => h.file_id)).toEqual([fileId]);

    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);

    // At once: no wait, no settling of the index.
    expect((await found(t.editor, t.workspace.id, "walrus")).map((h) => [h.file_id, h.kind])).toEqual([[fileId, "transcript"]]);
    expect(await found(t.owner, t.owner.id, "walrus")).toEqual([]);
    const asked = await retrievePassages(env, "Where did the walrus surface?", { workspaceId: t.workspace.id });
    expect(asked.map((p) => p.file_id)).toEqual([fileId]);
    expect(await retrievePassages(env, "Where did the walrus surface?", { workspaceId: t.owner.id })).toEqual([]);

    // History, undo and comments came along; the undo is found the same way.
    const comments = expectStatus(await as(t.editor, "GET", `/transcripts/${fileId}/comments`), 200).data;
    expect(comments.map((c: Json) => c.id)).toEqual([thread.id]);
    await undoOk(t.editor, fileId);
    expect((await utterances(t.editor, fileId))[0].transcriptWords[1].text).toBe("narwhal");
  });
});
