// Where this tab's caret is, told on the file socket: at most every 300 ms, repeated while
// nothing changes so the others know the tab is still there, and again on a new connection.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_TIMINGS } from "../../common/live-messages";
import { CARET_THROTTLE_MS, CaretSender } from "../../web/src/live/caret-sender";

function setup() {
  const sent: (string | null)[] = [];
  let open = true;
  const sender = new CaretSender((data) => {
    if (!open) return false;
    sent.push((JSON.parse(data) as { type: string; utterance_id: string | null }).utterance_id);
    return true;
  });
  return { sender, sent, setOpen: (value: boolean) => (open = value) };
}

describe("caret sender", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the caret's utterance at once, as a caret message", () => {
    const raw: string[] = [];
    const sender = new CaretSender((data) => raw.push(data) > 0);
    sender.set("u1");
    vi.advanceTimersByTime(0);
    expect(raw).toEqual(['{"type":"caret","utterance_id":"u1"}']);
    sender.stop();
  });

  it("sends one message when focus moves from one utterance to another", () => {
    const { sender, sent } = setup();
    sender.set("u1");
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    // Blur, then focus: the editor reports null then the next utterance in the same moment.
    sender.set(null);
    sender.set("u2");
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    expect(sent).toEqual(["u1", "u2"]);
    sender.stop();
  });

  it("sends at most every 300 ms, and the latest caret last", () => {
    const { sender, sent } = setup();
    sender.set("u1");
    vi.advanceTimersByTime(0);
    for (const id of ["u2", "u3", "u4"]) {
      sender.set(id);
      vi.advanceTimersByTime(50);
    }
    expect(sent).toEqual(["u1"]);
    vi.advanceTimersByTime(CARET_THROTTLE_MS - 150);
    expect(sent).toEqual(["u1", "u4"]);
    // Back where it was before the last send: nothing new to say.
    sender.set("u3");
    sender.set("u4");
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    expect(sent).toEqual(["u1", "u4"]);
    sender.stop();
  });

  it("says null when the editor loses focus", () => {
    const { sender, sent } = setup();
    sender.set("u1");
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    sender.set(null);
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    expect(sent).toEqual(["u1", null]);
    sender.stop();
  });

  it("repeats the caret while it stays, so the others know the tab is there", () => {
    const { sender, sent } = setup();
    sender.set("u1");
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs - 1);
    expect(sent).toEqual(["u1"]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["u1", "u1"]);
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs * 2);
    expect(sent).toEqual(["u1", "u1", "u1", "u1"]);
    sender.stop();
  });

  it("tells a new connection where the caret is, and keeps repeating on it", () => {
    const { sender, sent, setOpen } = setup();
    setOpen(false);
    sender.set("u1");
    vi.advanceTimersByTime(CARET_THROTTLE_MS);
    expect(sent).toEqual([]);
    setOpen(true);
    sender.connected();
    expect(sent).toEqual(["u1"]);
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs);
    expect(sent).toEqual(["u1", "u1"]);
    sender.stop();
  });

  it("keeps the others' view of a connection with no caret alive too", () => {
    const { sender, sent } = setup();
    sender.connected();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs);
    expect(sent).toEqual([null]);
    sender.stop();
  });

  it("leaves no timer behind once stopped", () => {
    const { sender, sent } = setup();
    sender.set("u1");
    sender.stop();
    vi.advanceTimersByTime(PRESENCE_TIMINGS.repeatMs * 3);
    expect(sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    sender.set("u2");
    expect(vi.getTimerCount()).toBe(0);
  });
});
