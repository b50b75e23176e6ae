// Two members discuss a 3-hour team transcript while both edit it (issue "Comments and review",
// done when): comments, replies, a mention and a resolve reach the other's open file within
// 1 s, and the anchors hold through the other's edits in the same utterance.
import { describe, expect, it } from "vitest";
import { type CommentsChangedMessage, parseLiveMessage } from "../../common/live-messages";
import { type Json, latestMail } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { openSocket, socketTicket, until } from "./live-helpers";
import { split, storeTranscript, updateWords, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";
import { threeHourTranscript } from "../support/three-hour";

async function fileTab(user: TestUser, fileId: string) {
  const tab = await openSocket(await socketTicket(user.token), fileId);
  expect(tab.status).toBe(101);
  return {
    ...tab,
    /** Whether a comments_changed about the thread arrived within a second. */
    hears: (threadId: string) =>
      until(
        () =>
          tab.raw
            .map(parseLiveMessage)
            .some((m): m is CommentsChangedMessage => m?.type === "comments_changed" && m.comment_ids.includes(threadId)),
        1_000,
      ),
  };
}

describe("comments while co-editing", { timeout: 180_000 }, () => {
  it("reach the other member live and stay on their words through the other's edits", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner, threeHourTranscript());
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const list = await utterances(t.owner, fileId);
    const u: Json = list[2_000]!;
    const ids: string[] = u.transcriptWords.map((w: Json) => w.id);
    const editorTab = await fileTab(t.editor, fileId);
    const commenterTab = await fileTab(t.commenter, fileId);

    // The commenter asks about words 3–5 of an utterance and mentions the editor…
    const thread = expectStatus(
      await as(t.commenter, "POST", `/transcripts/${fileId}/comments`, {
        start_word_id: ids[3],
        end_word_id: ids[5],
        body: "@Editor check this quote",
        mentions: [t.editor.id],
      }),
      201,
    ).data;
    expect(await editorTab.hears(thread.id)).toBe(true);
    expect((await latestMail(t.editor.email)).text).toContain(`comment=${thread.id}`);

    // …while the editor corrects the anchored words in the same utterance and splits it inside the range.
    const fixed = u.transcriptWords.map((w: Json, i: number) => (i === 4 ? { id: w.id, text: "quoted" } : { id: w.id }));
    expectStatus(await updateWords(t.editor, fileId, u.id, { version: u.version, words: fixed }), 200);
    expectStatus(
      await split(t.editor, fileId, u.id, { version: u.version + 1, first_word_id: ids[5]!, new_utterance_id: "coedit-half" }),
      200,
    );

    const reply = expectStatus(await as(t.editor, "POST", `/comments/${thread.id}/replies`, { body: "Fixed the middle word" }), 201).data;
    expect(await commenterTab.hears(thread.id)).toBe(true);
    expect(reply.anchor).toMatchObject({ start_word_id: ids[3], end_word_id: ids[5], removed: false });
    expect(reply.anchor.text.split(" ")[1]).toBe("quoted");

    // The commenter resolves their own thread; the editor's tab hears it and the mention is no longer open.
    editorTab.raw.length = 0;
    expectStatus(await as(t.commenter, "PATCH", `/comments/${thread.id}`, { resolved: true }), 200);
    expect(await editorTab.hears(thread.id)).toBe(true);
    expect(expectStatus(await as(t.editor, "GET", "/comments/mentions"), 200).meta.total).toBe(0);
    const [listed] = expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/comments`), 200).data;
    expect(listed).toMatchObject({
      id: thread.id,
      resolved: true,
      resolved_by: { id: t.commenter.id },
      replies: [{ id: reply.replies[0].id }],
    });
    for (const tab of [editorTab, commenterTab]) tab.socket!.close();
  });
});
