// Co-editing's live part: members with a team file open hold a file socket in the store that
// keeps its transcript; each hears the others' edits and sees who is there and where their
// caret is; a stranger cannot open one; a removed member's socket closes at once.
import { describe, expect, it } from "vitest";
import { type PresenceMessage, parseLiveMessage, SOCKET_CLOSE_CODES } from "../../common/live-messages";
import type { TranscriptChangedMessage } from "../../core/live-change";
import { CLOSE_CODES } from "../../durable-objects/live-room";
import type { Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { openSocket, openTab, socketTicket, until } from "./live-helpers";
import { quietFor } from "../support/poll";
import { storeTranscript, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

/** A member's file socket, collecting what the SPA would parse. */
async function fileTab(user: TestUser, fileId: string) {
  const tab = await openSocket(await socketTicket(user.token), fileId);
  expect(tab.status).toBe(101);
  const parsed = () => tab.raw.map(parseLiveMessage).filter((m) => m !== null);
  return {
    ...tab,
    presence: () => parsed().filter((m): m is PresenceMessage => m.type === "presence"),
    changes: () => parsed().filter((m): m is TranscriptChangedMessage => m.type === "transcript_changed"),
    caret: (utteranceId: string | null) => tab.socket!.send(JSON.stringify({ type: "caret", utterance_id: utteranceId })),
  };
}

const lastPeople = (presence: PresenceMessage[]) => (presence.at(-1)?.people ?? []).map((p) => [p.user_id, p.utterance_id]);

describe("file sockets", { timeout: 90_000 }, () => {
  it("carry each member's edits to the others and say who is where", async () => {
    const t = await team();
    // A file uploaded to the team's store, and one moved in from the owner's own store.
    const { fileId } = await storeTranscript(t.owner);
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const [first] = await utterances(t.owner, fileId);

    const owner = await fileTab(t.owner, fileId);
    const editor = await fileTab(t.editor, fileId);
    const viewer = await fileTab(t.viewer, fileId);
    expect(await until(() => lastPeople(owner.presence()).length === 3)).toBe(true);

    editor.caret(first!.id);
    expect(await until(() => lastPeople(owner.presence()).some(([id, at]) => id === t.editor.id && at === first!.id))).toBe(true);
    expect(await until(() => lastPeople(viewer.presence()).some(([id, at]) => id === t.editor.id && at === first!.id))).toBe(true);

    const body = {
      version: first!.version,
      words: first!.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: "Shared" } : { id: w.id })),
    };
    expectStatus(await as(t.editor, "PATCH", `/transcripts/${fileId}/utterances/${first!.id}/update_words`, body), 200);
    // Everyone with the file open hears it on their file socket, the owner (whose own object
    // holds this transcript) too: a main socket never carries a file's edits.
    expect(await until(() => viewer.changes().some((m) => m.utterance_ids.includes(first!.id)), 1000)).toBe(true);
    expect(await until(() => editor.changes().length > 0, 1000)).toBe(true);
    expect(await until(() => owner.changes().length > 0, 1000)).toBe(true);

    // Leaving: the others see one person fewer.
    viewer.socket!.close();
    expect(await until(() => lastPeople(owner.presence()).length === 2)).toBe(true);
    for (const tab of [owner, editor]) tab.socket!.close();
  });

  it("refuses a stranger's file socket as for a missing file, and closes a removed member's at once", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner);
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    expect((await openSocket(await socketTicket(t.stranger.token), fileId)).status).toBe(404);

    const editor = await fileTab(t.editor, fileId);
    expectStatus(await as(t.owner, "DELETE", `/workspaces/${t.workspace.id}/members/${t.editor.id}`), 200);
    expect(await until(() => editor.closed() !== null, 5000)).toBe(true);
    expect(editor.closed()!.code).toBe(CLOSE_CODES.accessEnded);
    // The number the SPA stops reconnecting on.
    expect(editor.closed()!.code).toBe(SOCKET_CLOSE_CODES.accessEnded);
    expect((await openSocket(await socketTicket(t.editor.token), fileId)).status).toBe(404);
  });

  it("tell every member's tabs when a member changes the team's library, and nobody else's", async () => {
    const t = await team();
    const { fileId } = await storeTranscript(t.owner);
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const viewer = await openTab(t.viewer, "library_changed");
    const stranger = await openTab(t.stranger, "library_changed");
    expectStatus(await as(t.editor, "PUT", `/audio_files/${fileId}`, { audio_file: { name: "Renamed by the editor" } }), 200);
    expect(await until(() => viewer.messages.some((m) => m.workspace_id === t.workspace.id))).toBe(true);
    expectStatus(await as(t.editor, "POST", "/folders", { folder: { name: "New" }, workspace_id: t.workspace.id }), 201);
    expect(await until(() => viewer.messages.length >= 2)).toBe(true);
    await quietFor(100);
    expect(stranger.messages).toEqual([]);
    viewer.close();
    stranger.close();
  });
});

describe("close codes", () => {
  it("are read by the SPA as the live room sends them", () => {
    expect(SOCKET_CLOSE_CODES).toEqual(CLOSE_CODES);
  });
});
