// The transcript_changed push: after every change (operations, undo, redo),
// to every open tab of the owner and nobody else; never for a no-op; a push
// that fails does not fail the request.
import { describe, expect, it } from "vitest";
import type { TranscriptChangedMessage } from "../../core/live-change";
import { expectStatus, type TestUser } from "./library-helpers";
import { merge, redoOk, split, unchangedWords, undo, undoOk, updateWords, userWithTranscript, utterances } from "./transcript-helpers";
import { openTab, until } from "./live-helpers";
import { quietFor } from "../support/poll";

/** A tab with the file open, collecting transcript_changed messages (as `changes`). */
async function connect(user: TestUser, fileId: string) {
  const tab = await openTab(user, "transcript_changed", fileId);
  return { changes: tab.messages, close: tab.close };
}

describe("transcript_changed", { timeout: 30_000 }, () => {
  it("reaches every tab of the owner with the file open, names what changed and the tab that did it; others get nothing", async () => {
    const alice = await userWithTranscript("alice");
    const bob = await userWithTranscript("bob");
    const [tab1, tab2, bobTab] = [
      await connect(alice.user, alice.fileId),
      await connect(alice.user, alice.fileId),
      await connect(bob.user, bob.fileId),
    ];
    // Alice's main socket carries her notifications, not her files' edits.
    const aliceMain = await openTab(alice.user, "transcript_changed");
    const list = await utterances(alice.user, alice.fileId);

    expectStatus(
      await split(
        alice.user,
        alice.fileId,
        list[1].id,
        { first_word_id: list[1].transcriptWords[2].id, new_utterance_id: "live-1" },
        { headers: { "X-Client-Id": "tab-1" } },
      ),
      200,
    );
    expect(await until(() => tab1.changes.length === 1 && tab2.changes.length === 1)).toBe(true);
    const expected: TranscriptChangedMessage = {
      type: "transcript_changed",
      file_id: alice.fileId,
      utterance_ids: [list[1].id, "live-1"],
      removed_utterance_ids: [],
      details_changed: true,
      client_id: "tab-1",
    };
    expect(tab1.changes[0]).toEqual(expected);
    expect(tab2.changes[0]).toEqual(expected);

    expectStatus(await merge(alice.user, alice.fileId, list[2].id), 200);
    expect(await until(() => tab1.changes.length === 2)).toBe(true);
    expect(tab1.changes[1]).toEqual({ ...expected, utterance_ids: [list[2].id], removed_utterance_ids: [list[3].id], client_id: null });

    await undoOk(alice.user, alice.fileId);
    expect(await until(() => tab1.changes.length === 3)).toBe(true);
    expect(tab1.changes[2]).toMatchObject({ utterance_ids: [list[2].id, list[3].id], removed_utterance_ids: [], client_id: null });
    expectStatus(await undo(alice.user, alice.fileId, { headers: { "X-Client-Id": "tab-2" } }), 200);
    expect(await until(() => tab1.changes.length === 4)).toBe(true);
    expect(tab1.changes[3]).toMatchObject({ utterance_ids: [list[1].id], removed_utterance_ids: ["live-1"], client_id: "tab-2" });
    await redoOk(alice.user, alice.fileId);
    expect(await until(() => tab1.changes.length === 5)).toBe(true);
    expect(tab1.changes[4]).toMatchObject({ utterance_ids: [list[1].id, "live-1"], removed_utterance_ids: [] });

    // A word fix that changes no statistic does not ask for the details to reload.
    const u0 = list[0];
    const first = u0.transcriptWords[0];
    expectStatus(
      await updateWords(alice.user, alice.fileId, u0.id, {
        words: [
          { id: first.id, text: "fixed", end_time: first.endTime, confidence_score: first.confidenceScore },
          ...unchangedWords(u0).slice(1),
        ],
      }),
      200,
    );
    expect(await until(() => tab1.changes.length === 6)).toBe(true);
    expect(tab1.changes[5]).toMatchObject({ utterance_ids: [u0.id], details_changed: false });

    await quietFor(150);
    expect(bobTab.changes).toEqual([]);
    expect(aliceMain.messages).toEqual([]);
    expect(tab2.changes).toHaveLength(6);
    for (const tab of [tab1, tab2, bobTab, aliceMain]) tab.close();
  });

  it("is not sent when nothing changed or the request was refused", async () => {
    const { user, fileId } = await userWithTranscript();
    const tab = await connect(user, fileId);
    const list = await utterances(user, fileId);
    expectStatus(await updateWords(user, fileId, list[0].id, { words: unchangedWords(list[0]) }), 200);
    expect((await merge(user, fileId, list[3].id)).status).toBe(422);
    expect((await undo(user, fileId)).status).toBe(409);
    await quietFor(200);
    expect(tab.changes).toEqual([]);
    tab.close();
  });
});
