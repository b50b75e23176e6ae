// Who a live socket is for comes only from the server's ticket and access check: headers a client
// sets on the upgrade (the internal ones the Worker once passed on among them) never reach the object.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type PresenceMessage, parseLiveMessage } from "../../common/live-messages";
import type { Json } from "./helpers";
import { expectStatus } from "./library-helpers";
import { openSocket, socketTicket, until } from "./live-helpers";
import { storeTranscript, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

/** Opens /cable like a browser tab, with extra headers a client could set. */
async function socketWith(token: string, headers: Record<string, string>, fileId?: string) {
  const file = fileId === undefined ? "" : `&file=${encodeURIComponent(fileId)}`;
  const res = await exports.default.fetch(`http://localhost/cable?token=${encodeURIComponent(await socketTicket(token))}${file}`, {
    headers: { Upgrade: "websocket", ...headers },
  });
  const raw: string[] = [];
  res.webSocket?.accept();
  res.webSocket?.addEventListener("message", (e) => raw.push(String(e.data)));
  const parsed = () => raw.map(parseLiveMessage).filter((m) => m !== null);
  return {
    status: res.status,
    socket: res.webSocket,
    presence: () => parsed().filter((m): m is PresenceMessage => m.type === "presence"),
    changes: () => parsed().filter((m) => m.type === "transcript_changed"),
  };
}

const people = (m: PresenceMessage | undefined) => (m?.people ?? []).map((p) => [p.user_id, p.name]);

describe("headers a client sets on the live socket", { timeout: 90_000 }, () => {
  it("never name a file, a person or a session to the object", async () => {
    const t = await team();
    // A file the owner uploaded personally, then moved into the team: its transcript stays in
    // an object the owner's main socket is routed to.
    const { fileId } = await storeTranscript(t.owner);
    expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const editor = await openSocket(await socketTicket(t.editor.token), fileId);
    expect(editor.status).toBe(101);

    const forged: Record<string, string>[] = [
      { "x-file-id": fileId },
      { "x-file-id": fileId, "x-user-id": t.editor.id },
      { "x-file-id": fileId, "x-user-name": "Mallory" },
      { "x-file-id": fileId, "x-workspace-id": t.workspace.id },
      { "x-file-id": fileId, "x-own-channel": "0" },
      { "x-session-id": "someone-else", "x-session-expires-at": "2999-01-01T00:00:00.000Z" },
      { "x-partykit-props": JSON.stringify({ file: fileId }), "x-partykit-room": t.editor.id },
      {
        "x-socket-grant": JSON.stringify({
          sessionId: "x",
          sessionExpiresAt: "2999",
          file: { id: fileId, workspaceId: t.workspace.id, userId: t.editor.id, name: "Mallory" },
        }),
      },
    ];
    const [first] = await utterances(t.owner, fileId);
    for (const headers of forged) {
      // The owner's main socket with the forged headers: still a main socket of the owner.
      const main = await socketWith(t.owner.token, headers);
      expect(main.status).toBe(101);
      // The editor's file socket with the same headers: still the editor, named as the editor.
      const file = await socketWith(t.editor.token, headers, fileId);
      expect(file.status).toBe(101);
      expect(await until(() => people(file.presence().at(-1)).length > 0)).toBe(true);
      expect(people(file.presence().at(-1))).toEqual([[t.editor.id, expect.not.stringMatching(/Mallory/)]]);
      // The main socket sees no presence of the file and none of its edits.
      const words = first!.transcriptWords.map((w: Json, i: number) =>
        i === 0 ? { id: w.id, text: `Edited${forged.indexOf(headers)}` } : { id: w.id },
      );
      const body = { version: (await utterances(t.owner, fileId))[0]!.version, words };
      expectStatus(await as(t.editor, "PATCH", `/transcripts/${fileId}/utterances/${first!.id}/update_words`, body), 200);
      expect(await until(() => file.changes().length > 0, 1000)).toBe(true);
      expect(main.presence()).toEqual([]);
      expect(main.changes()).toEqual([]);
      main.socket?.close();
      file.socket?.close();
    }
    editor.socket?.close();
  });

  it("keep a removed member's main socket from hearing the team's file kept in their own object", async () => {
    const t = await team();
    // The editor's own upload, moved into the team: its transcript stays in the editor's object.
    const { fileId } = await storeTranscript(t.editor);
    expectStatus(await as(t.editor, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
    const main = await socketWith(t.editor.token, { "x-file-id": fileId });
    expectStatus(await as(t.owner, "DELETE", `/workspaces/${t.workspace.id}/members/${t.editor.id}`), 200);
    const [first] = await utterances(t.owner, fileId);
    const words = first!.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: "Secret" } : { id: w.id }));
    const ownerTab = await socketWith(t.owner.token, {}, fileId);
    expectStatus(
      await as(t.owner, "PATCH", `/transcripts/${fileId}/utterances/${first!.id}/update_words`, { version: first!.version, words }),
      200,
    );
    expect(await until(() => ownerTab.changes().length > 0, 1000)).toBe(true);
    expect(main.changes()).toEqual([]);
    expect(main.presence()).toEqual([]);
    main.socket?.close();
    ownerTab.socket?.close();
  });
});
