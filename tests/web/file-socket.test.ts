// The socket of an open team file: its presence fills the roster, its transcript changes go to
// the same handler as the main socket's, the caret goes out on it, and "no longer a member"
// ends it for good.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_TIMINGS, type PresenceMessage, SOCKET_CLOSE_CODES } from "../../common/live-messages";
import type { TranscriptChangedMessage } from "../../core/live-change";
import { openFileSocket, reportCaret } from "../../web/src/live/file-socket";
import { PresenceRoster } from "../../web/src/live/presence";
import { FakeSocket } from "./fake-socket";

const change = (file_id: string): TranscriptChangedMessage => ({
  type: "transcript_changed",
  file_id,
  utterance_ids: ["u1"],
  removed_utterance_ids: [],
  details_changed: false,
  client_id: "other-tab",
});

const here = (utterance_id: string | null): PresenceMessage => ({
  type: "presence",
  file_id: "f1",
  people: [
    { user_id: "me", name: "Me", utterance_id: null, seen_at: new Date().toISOString() },
    { user_id: "ana", name: "Ana Lopez", utterance_id, seen_at: new Date().toISOString() },
  ],
});

function setup() {
  const socket = new FakeSocket();
  const roster = new PresenceRoster({ announce: () => {} });
  const changes: TranscriptChangedMessage[] = [];
  const commentChanges: string[][] = [];
  const calls = { reconnected: 0, ended: [] as string[] };
  const urls: (string | Promise<string>)[] = [];
  const stop = openFileSocket({
    fileId: "f1",
    selfId: "me",
    url: () => "ws://x/cable?token=t&file=f1",
    roster,
    createSocket: (url) => {
      urls.push(url());
      return socket;
    },
    onTranscriptChanged: (event) => changes.push(event),
    onCommentsChanged: (event) => commentChanges.push(event.comment_ids),
    onReconnected: () => calls.reconnected++,
    onAccessEnded: (why) => calls.ended.push(why),
  });
  const carets = () => socket.sent.filter((s) => s !== "ping").map((s) => (JSON.parse(s) as { utterance_id: string | null }).utterance_id);
  return { socket, roster, changes, commentChanges, calls, urls, stop, carets };
}

describe("file socket", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    reportCaret(null);
    vi.useRealTimers();
  });

  it("fills the roster from the file's presence, leaving this user out", async () => {
    const { socket, roster, urls, stop } = setup();
    expect(await Promise.all(urls)).toEqual(["ws://x/cable?token=t&file=f1"]);
    socket.open();
    socket.receive(JSON.stringify(here("u2")));
    expect(roster.people().map((p) => p.name)).toEqual(["Ana Lopez"]);
    expect(roster.at("u2").map((p) => p.userId)).toEqual(["ana"]);
    stop();
  });

  it("sends where the caret is, at once on connecting and when it moves", () => {
    reportCaret("u3");
    const { socket, carets, stop } = setup();
    socket.open();
    expect(carets()).toEqual(["u3"]);
    reportCaret("u4");
    vi.advanceTimersByTime(300);
    expect(carets()).toEqual(["u3", "u4"]);
    // The server answers the heartbeats meanwhile.
    for (let t = 0; t < PRESENCE_TIMINGS.repeatMs; t += 1_000) {
      vi.advanceTimersByTime(1_000);
      socket.receive("pong");
    }
    expect(carets()).toEqual(["u3", "u4", "u4"]);
    stop();
  });

  it("passes the file's transcript changes on, and asks for everything again after a reconnect", () => {
    const { socket, changes, calls, stop } = setup();
    socket.open();
    socket.receive(JSON.stringify(change("f1")));
    socket.receive(JSON.stringify(change("another-file")));
    expect(changes.map((c) => c.file_id)).toEqual(["f1"]);
    expect(calls.reconnected).toBe(0);
    socket.drop();
    socket.open();
    expect(calls.reconnected).toBe(1);
    stop();
  });

  it("passes the file's comments changes on, and no other file's", () => {
    const { socket, commentChanges, stop } = setup();
    socket.open();
    const comments = (file_id: string, id: string) =>
      JSON.stringify({ type: "comments_changed", file_id, comment_ids: [id], client_id: null });
    socket.receive(comments("f1", "c1"));
    socket.receive(comments("another-file", "c2"));
    expect(commentChanges).toEqual([["c1"]]);
    stop();
  });

  it("ends for good when the user is no longer a member: said once, nobody shown, nothing sent", () => {
    const { socket, roster, calls, carets } = setup();
    socket.open();
    socket.receive(JSON.stringify(here("u2")));
    socket.closedBy(SOCKET_CLOSE_CODES.accessEnded);
    expect(calls.ended).toEqual(["removed"]);
    expect(socket.closed).toBe(true);
    expect(roster.people()).toEqual([]);
    reportCaret("u9");
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs * 2);
    expect(carets()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("asks whether the user is still a member once a reconnect has failed, and ends if not", async () => {
    const socket = new FakeSocket();
    let address: (() => string | Promise<string>) | null = null;
    const asked: string[] = [];
    let member = true;
    const ended: string[] = [];
    openFileSocket({
      fileId: "f1",
      selfId: "me",
      url: () => "ws://x/cable?token=t&file=f1",
      roster: new PresenceRoster({ announce: () => {} }),
      createSocket: (url) => {
        address = url;
        return socket;
      },
      stillMember: async () => {
        asked.push("f1");
        return member;
      },
      onTranscriptChanged: () => {},
      onReconnected: () => {},
      onAccessEnded: (why) => ended.push(why),
    });
    const attempt = () => Promise.resolve(address!());
    await attempt();
    socket.open();
    socket.drop();
    // A dropped connection is tried again as it is; a refused upgrade cannot be read by a browser,
    // so the attempt after a failed one asks first.
    await attempt();
    expect(asked).toEqual([]);
    await expect(attempt()).resolves.toContain("file=f1");
    expect(asked).toEqual(["f1"]);
    member = false;
    // Between attempts partysocket shows the last (closed) connection's state.
    socket.readyState = 3;
    await expect(attempt()).rejects.toThrow();
    expect(ended).toEqual(["gone"]);
    expect(socket.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("closes and forgets everyone when the file is left", () => {
    const { socket, roster, stop } = setup();
    socket.open();
    socket.receive(JSON.stringify(here("u2")));
    stop();
    expect(socket.closed).toBe(true);
    expect(roster.people()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
