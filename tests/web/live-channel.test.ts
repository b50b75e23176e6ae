import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FileStatusChangedEvent, PresenceMessage } from "../../common/live-messages";
import { cableUrl, LiveChannel, type LiveStatus } from "../../web/src/live/live-channel";
import { FakeSocket } from "./fake-socket";
import { parseLiveMessage, SOCKET_CLOSE_CODES } from "../../common/live-messages";

const event: FileStatusChangedEvent = {
  type: "file_status_changed",
  file_id: "f1",
  file: { status: "ready", has_transcript: true, name: "talk.mp3" },
  message: "Transcription completed",
};

function setup() {
  const socket = new FakeSocket();
  const urls: string[] = [];
  const statuses: LiveStatus[] = [];
  const connected: boolean[] = [];
  const events: FileStatusChangedEvent[] = [];
  const channel = new LiveChannel({
    url: () => "ws://example.test/cable?token=t",
    createSocket: (url) => {
      urls.push(url() as string);
      return socket;
    },
    onStatus: (s) => statuses.push(s),
    onConnected: ({ reconnected }) => connected.push(reconnected),
    onFileStatusChanged: (e) => events.push(e),
  });
  return { socket, channel, urls, statuses, connected, events };
}

describe("live channel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("connects to the cable address and reports connecting, then open", () => {
    const { socket, channel, urls, statuses, connected } = setup();
    channel.start();
    expect(urls).toEqual(["ws://example.test/cable?token=t"]);
    expect(channel.status).toBe("connecting");
    socket.open();
    expect(channel.status).toBe("open");
    expect(statuses).toEqual(["connecting", "open"]);
    expect(connected).toEqual([false]);
  });

  it("sends ping every 2 s while open and stays open while pongs come back", () => {
    const { socket, channel } = setup();
    channel.start();
    socket.open();
    vi.advanceTimersByTime(1_999);
    expect(socket.sent).toEqual([]);
    for (let i = 1; i <= 10; i++) {
      vi.advanceTimersByTime(1_000);
      if (socket.sent.length === i) socket.receive("pong");
      vi.advanceTimersByTime(1_000);
    }
    expect(socket.sent.length).toBeGreaterThanOrEqual(10);
    expect(new Set(socket.sent)).toEqual(new Set(["ping"]));
    expect(socket.reconnects).toBe(0);
    expect(channel.status).toBe("open");
  });

  it("reconnects when nothing has arrived for 6 s", () => {
    const { socket, channel, statuses } = setup();
    channel.start();
    socket.open();
    vi.advanceTimersByTime(5_999);
    expect(socket.reconnects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.reconnects).toBe(1);
    expect(statuses.at(-1)).toBe("connecting");
  });

  it("counts any message, not only pong, as a sign of life", () => {
    const { socket, channel } = setup();
    channel.start();
    socket.open();
    vi.advanceTimersByTime(4_000);
    socket.receive(JSON.stringify({ type: "welcome" }));
    vi.advanceTimersByTime(5_000);
    expect(socket.reconnects).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(socket.reconnects).toBe(1);
  });

  it("stops pinging while disconnected and calls onConnected after every reconnect", () => {
    const { socket, channel, connected } = setup();
    channel.start();
    socket.open();
    socket.drop();
    expect(channel.status).toBe("connecting");
    const sentBefore = socket.sent.length;
    vi.advanceTimersByTime(20_000);
    expect(socket.sent.length).toBe(sentBefore);
    expect(socket.reconnects).toBe(0); // partysocket itself retries a dropped socket
    socket.open();
    expect(channel.status).toBe("open");
    expect(connected).toEqual([false, true]);
    vi.advanceTimersByTime(6_000);
    socket.open();
    expect(connected).toEqual([false, true, true]);
  });

  it("gives a fresh window instead of reconnecting when its own timers ran late", () => {
    const { socket, channel } = setup();
    channel.start();
    socket.open();
    vi.advanceTimersByTime(2_000);
    // The laptop slept for a minute: the clock jumps, no timer fired meanwhile.
    vi.setSystemTime(Date.now() + 60_000);
    vi.advanceTimersByTime(4_000);
    expect(socket.reconnects).toBe(0);
    expect(socket.sent.at(-1)).toBe("ping");
    // If the server still says nothing, the next window decides.
    vi.advanceTimersByTime(6_000);
    expect(socket.reconnects).toBe(1);
  });

  it("dispatches file_status_changed and ignores pong, welcome and unknown messages", () => {
    const { socket, channel, events } = setup();
    channel.start();
    socket.open();
    socket.receive("pong");
    socket.receive(JSON.stringify({ type: "welcome" }));
    socket.receive(JSON.stringify({ type: "export_completed", export_id: "e1" }));
    socket.receive("{not json");
    socket.receive(JSON.stringify(event));
    expect(events).toEqual([event]);
  });

  it("closes the socket and its timers on stop", () => {
    const { socket, channel, statuses } = setup();
    channel.start();
    socket.open();
    channel.stop();
    expect(socket.closed).toBe(true);
    expect(channel.status).toBe("closed");
    expect(statuses.at(-1)).toBe("closed");
    const sent = socket.sent.length;
    vi.advanceTimersByTime(30_000);
    expect(socket.sent.length).toBe(sent);
    expect(socket.reconnects).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("lets a connection attempt finish before closing it, so browsers log no error", () => {
    const { socket, channel, events } = setup();
    channel.start();
    channel.stop();
    expect(channel.status).toBe("closed");
    expect(socket.closed).toBe(false);
    socket.open();
    expect(socket.closed).toBe(true);
    socket.receive(JSON.stringify(event));
    expect(events).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("also closes after a failed attempt when stopped while connecting", () => {
    const { socket, channel } = setup();
    channel.start();
    channel.stop();
    socket.drop();
    expect(socket.closed).toBe(true);
  });

  it("works with an injected clock instead of global timers", () => {
    // A manual clock: timers run only when the test advances time.
    let now = 0;
    let nextId = 1;
    const timers = new Map<number, { at: number; every: number | null; fn: () => void }>();
    const add = (fn: () => void, ms: number, every: number | null) => {
      timers.set(nextId, { at: now + ms, every, fn });
      return nextId++;
    };
    const clock = {
      now: () => now,
      setInterval: (fn: () => void, ms: number) => add(fn, ms, ms),
      setTimeout: (fn: () => void, ms: number) => add(fn, ms, null),
      clearInterval: (id: unknown) => void timers.delete(id as number),
      clearTimeout: (id: unknown) => void timers.delete(id as number),
    };
    const advance = (ms: number) => {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.fn();
      }
      now = end;
    };
    const socket = new FakeSocket();
    const channel = new LiveChannel({ url: () => "ws://x/cable?token=t", createSocket: () => socket, clock });
    channel.start();
    socket.open();
    advance(2_000);
    expect(socket.sent).toEqual(["ping"]);
    socket.receive("pong");
    advance(5_999);
    expect(socket.reconnects).toBe(0);
    advance(1);
    expect(socket.reconnects).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    channel.stop();
    expect(timers.size).toBe(0);
  });
});

describe("file socket channel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const presence: PresenceMessage = {
    type: "presence",
    file_id: "f1",
    people: [{ user_id: "u2", name: "Ana Lopez", utterance_id: "utt-1", seen_at: "2026-01-01T00:00:00.000Z" }],
  };

  function fileSetup() {
    const socket = new FakeSocket();
    const heard: PresenceMessage[] = [];
    const ended: number[] = [];
    const endsOn: number[][] = [];
    const channel = new LiveChannel({
      url: () => "ws://x/cable?token=t&file=f1",
      createSocket: (_url, options) => {
        endsOn.push([...(options?.endsOn ?? [])]);
        return socket;
      },
      onPresence: (m) => heard.push(m),
      endsOn: [SOCKET_CLOSE_CODES.accessEnded],
      onEnded: (code) => ended.push(code),
    });
    return { socket, channel, heard, ended, endsOn };
  }

  it("hands presence messages to its owner", () => {
    const { socket, channel, heard } = fileSetup();
    channel.start();
    socket.open();
    socket.receive(JSON.stringify(presence));
    socket.receive(JSON.stringify({ ...presence, people: [{ user_id: "u2" }] }));
    expect(heard).toEqual([presence]);
  });

  it("sends a message only while open", () => {
    const { socket, channel } = fileSetup();
    channel.start();
    expect(channel.send('{"type":"caret","utterance_id":null}')).toBe(false);
    socket.open();
    expect(channel.send('{"type":"caret","utterance_id":"u1"}')).toBe(true);
    expect(socket.sent).toEqual(['{"type":"caret","utterance_id":"u1"}']);
  });

  it("stops for good on a close code that ends it (no longer a member), and says so once", () => {
    const { socket, channel, ended, endsOn } = fileSetup();
    channel.start();
    // The reconnecting socket is told not to try again after it either.
    expect(endsOn).toEqual([[SOCKET_CLOSE_CODES.accessEnded]]);
    socket.open();
    socket.closedBy(SOCKET_CLOSE_CODES.accessEnded);
    expect(ended).toEqual([SOCKET_CLOSE_CODES.accessEnded]);
    expect(channel.status).toBe("closed");
    expect(socket.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps reconnecting after any other close", () => {
    const { socket, channel, ended } = fileSetup();
    channel.start();
    socket.open();
    socket.closedBy(1006);
    expect(ended).toEqual([]);
    expect(channel.status).toBe("connecting");
    expect(socket.closed).toBe(false);
  });
});

describe("live messages", () => {
  it("turns the socket address into ws(s) with the token", () => {
    expect(cableUrl("http://localhost:8787", "a b")).toBe("ws://localhost:8787/cable?token=a%20b");
    expect(cableUrl("https://app.example.com", "tok")).toBe("wss://app.example.com/cable?token=tok");
  });

  it("names the file of a file socket", () => {
    expect(cableUrl("https://app.example.com", "tok", "f/1")).toBe("wss://app.example.com/cable?token=tok&file=f%2F1");
  });

  it("accepts only well-formed file_status_changed events", () => {
    expect(parseLiveMessage(JSON.stringify(event))).toEqual(event);
    expect(parseLiveMessage("pong")).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event, file: { ...event.file, status: "deleted" } }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...event, file_id: 7 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: "file_status_changed" }))).toBeNull();
  });
});
