import "fake-indexeddb/auto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UtteranceDto } from "../../core/transcript";
import { touches, type TranscriptOp } from "../../core/operations";
import { FakeClock, settle } from "./fake-clock";
import { IdbPendingStore, MemoryPendingStore, type PendingKey, type PendingStore } from "../../web/src/editor/model/pending-store";
import { TabRecords } from "../../web/src/editor/model/tab-records";
import {
  classifyFailure,
  coalesceKey,
  retryDelay,
  SAVE_TIMINGS,
  SaveQueue,
  saveStatusLabel,
  type PendingOp,
  type PermanentFailure,
  type SendOutcome,
} from "../../web/src/editor/model/save-queue";

/** The test answers each request, or `auto` does. */
class FakeTransport {
  calls: PendingOp[] = [];
  inFlight = 0;
  maxInFlight = 0;
  auto: ((pending: PendingOp) => SendOutcome) | null = null;
  private deferred: { pending: PendingOp; resolve: (outcome: SendOutcome) => void }[] = [];

  send = (pending: PendingOp): Promise<SendOutcome> => {
    this.calls.push(pending);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<SendOutcome>((resolve) => {
      const done = (outcome: SendOutcome) => {
        this.inFlight--;
        resolve(outcome);
      };
      const auto = this.auto;
      if (auto) queueMicrotask(() => done(auto(pending)));
      else this.deferred.push({ pending, resolve: done });
    });
  };

  get waiting() {
    return this.deferred.length;
  }
  /** The op ids sent so far. */
  get sent() {
    return this.calls.map((call) => call.opId);
  }
  async respond(outcome: SendOutcome | ((pending: PendingOp) => SendOutcome)) {
    const next = this.deferred.shift();
    if (!next) throw new Error("nothing in flight");
    next.resolve(typeof outcome === "function" ? outcome(next.pending) : outcome);
    await settle();
  }
}

const ok = (...utterances: UtteranceDto[]): SendOutcome => ({ kind: "ok", result: { utterances, removedUtteranceIds: [] } });
const transient: SendOutcome = { kind: "transient", reason: "network" };
const refused = (status = 422, message = "A word's text must not be empty"): PermanentFailure => ({ kind: "permanent", status, message });

const words = (utteranceId: string, ...ids: string[]): TranscriptOp => ({
  type: "update_words",
  utteranceId,
  words: ids.map((id) => ({ id })),
});
const speaker = (utteranceId: string, speakerId: string): TranscriptOp => ({ type: "set_speaker", utteranceId, speakerId });
const split = (utteranceId: string, newUtteranceId: string, firstWordId = "w2"): TranscriptOp => ({
  type: "split",
  utteranceId,
  firstWordId,
  newUtteranceId,
});
const merge = (targetUtteranceId: string, sourceUtteranceId: string): TranscriptOp => ({
  type: "merge",
  targetUtteranceId,
  sourceUtteranceId,
});

/** The record of the file's queue in one tab (a reload is another tab: it takes the record over). */
const keyOf = (file = "file-1", tab = "earlier-page"): PendingKey => ({ user: "ada", file, tab });
const recordOf = (store: PendingStore | undefined, file = "file-1") => store && new TabRecords(store, null, keyOf(file, `tab-${++tabs}`));
let tabs = 0;
/** The operations stored for the file, whichever tab holds them. */
const storedOps = async (store: PendingStore, file = "file-1") => (await store.records("ada", file)).flatMap((r) => r.ops);

function setup(options: { store?: PendingStore; fileId?: string; clock?: FakeClock; transport?: FakeTransport } = {}) {
  const clock = options.clock ?? new FakeClock();
  const transport = options.transport ?? new FakeTransport();
  let n = 0;
  const saved: string[] = [];
  const rejected: { opId: string; failure: PermanentFailure }[] = [];
  const labels: string[] = [];
  const counts = { drained: 0, stats: 0 };
  const queue = new SaveQueue({
    send: transport.send,
    clock,
    record: recordOf(options.store, options.fileId),
    newId: () => `op${++n}`,
    onSaved: (pending) => saved.push(pending.opId),
    onRejected: (pending, failure) => rejected.push({ opId: pending.opId, failure }),
    onDrained: () => counts.drained++,
    onSpeakerStatsStale: () => counts.stats++,
  });
  queue.subscribe((status) => labels.push(saveStatusLabel(status)));
  return { clock, transport, queue, saved, rejected, labels, counts };
}

describe("save queue helpers", () => {
  it("classifies failures: network, timeout, rate limit, 5xx and 401 are retried; other 4xx are refusals", () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504]) expect(classifyFailure(status)).toBe("transient");
    for (const status of [400, 403, 404, 409, 410, 413, 422]) expect(classifyFailure(status)).toBe("permanent");
  });

  it("names the utterances an operation touches", () => {
    expect(touches(words("u1", "w1"))).toEqual(["u1"]);
    expect(touches(speaker("u1", "s1"))).toEqual(["u1"]);
    expect(touches(split("u1", "n1"))).toEqual(["u1", "n1"]);
    expect(touches(merge("u1", "u2"))).toEqual(["u1", "u2"]);
  });

  it("coalesces only operations that set a state", () => {
    expect(coalesceKey(words("u1"))).toBe("update_words:u1");
    expect(coalesceKey(speaker("u1", "s"))).toBe("set_speaker:u1");
    expect(coalesceKey(split("u1", "n1"))).toBeNull();
    expect(coalesceKey(merge("u1", "u2"))).toBeNull();
  });

  it("labels the status as the spec says", () => {
    expect(saveStatusLabel({ state: "synced", pending: 0 })).toBe("Saved");
    expect(saveStatusLabel({ state: "pending", pending: 3 })).toBe("Saving (3)");
    expect(saveStatusLabel({ state: "error", pending: 1 })).toBe("Save Error");
  });

  it("backs off from 100 ms, doubling, capped at 30 s", () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([100, 200, 400, 800, 1_600]);
    expect(retryDelay(9)).toBe(25_600);
    expect(retryDelay(10)).toBe(30_000);
    expect(retryDelay(50)).toBe(30_000);
  });
});

describe("save queue: timing and order", () => {
  it("sends a word edit after a 1 s pause; a newer edit of the utterance restarts the wait", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(words("u1", "a"));
    await clock.advance(900);
    queue.enqueue(words("u1", "a", "b"));
    await clock.advance(999);
    expect(transport.calls).toEqual([]);
    await clock.advance(1);
    expect(transport.calls.map((c) => c.op)).toEqual([words("u1", "a", "b")]);
    expect(SAVE_TIMINGS.wordsDebounceMs).toBe(1_000);
  });

  it("sends speaker changes, splits and merges after 50 ms", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => ok();
    for (const op of [speaker("u1", "s2"), split("u2", "n1"), merge("u3", "u4")]) {
      const sentBefore = transport.calls.length;
      queue.enqueue(op);
      await clock.advance(49);
      expect(transport.calls.length).toBe(sentBefore);
      await clock.advance(1);
      expect(transport.calls.at(-1)?.op).toEqual(op);
    }
  });

  it("sends one operation at a time, first in first out", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(split("u2", "n1"));
    queue.enqueue(words("u3", "w"));
    queue.enqueue(merge("u4", "u5"));
    await clock.advance(5_000);
    expect(transport.sent).toEqual(["op1"]);
    await transport.respond(ok());
    expect(transport.sent).toEqual(["op1", "op2"]);
    await clock.advance(5_000);
    expect(transport.sent).toEqual(["op1", "op2"]);
    await transport.respond(ok());
    await transport.respond(ok());
    await transport.respond(ok());
    expect(transport.sent).toEqual(["op1", "op2", "op3", "op4"]);
    expect(transport.maxInFlight).toBe(1);
  });

  it("lets a later operation wait behind a debounced word edit (strict order)", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => ok();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(speaker("u2", "s1"));
    await clock.advance(999);
    expect(transport.sent).toEqual([]);
    await clock.advance(1);
    expect(transport.sent).toEqual(["op1", "op2"]);
  });
});

describe("save queue: coalescing", () => {
  it("replaces a pending operation of the same type on the same utterance, in its place", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => ok();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(speaker("u2", "s1"));
    queue.enqueue(words("u1", "a", "b"));
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["op3", "op2"]);
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 2 });
    await clock.advance(1_000);
    expect(transport.calls.map((c) => [c.opId, c.op])).toEqual([
      ["op3", words("u1", "a", "b")],
      ["op2", speaker("u2", "s1")],
    ]);
  });

  it("replaces a pending speaker change", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => ok();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u1", "s2"));
    await clock.advance(100);
    expect(transport.calls.map((c) => c.op)).toEqual([speaker("u1", "s2")]);
  });

  it("appends when an operation queued in between touches the utterance", () => {
    const { queue } = setup();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(split("u1", "n1"));
    queue.enqueue(words("u1", "a", "b"));
    queue.enqueue(words("n1", "c"));
    queue.enqueue(merge("u2", "n1"));
    queue.enqueue(words("n1", "c", "d"));
    queue.enqueue(words("u2", "e"));
    queue.enqueue(words("u2", "e", "f")); // nothing in between touches u2: replaces op7
    expect(queue.snapshot().map((p) => p.op)).toEqual([
      words("u1", "a"),
      split("u1", "n1"),
      words("u1", "a", "b"),
      words("n1", "c"),
      merge("u2", "n1"),
      words("n1", "c", "d"),
      words("u2", "e", "f"),
    ]);
  });

  it("replaces across operations on other utterances", () => {
    const { queue } = setup();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(split("u2", "n1"));
    queue.enqueue(merge("u3", "u4"));
    queue.enqueue(words("u1", "b"));
    expect(queue.snapshot().map((p) => p.op)).toEqual([words("u1", "b"), split("u2", "n1"), merge("u3", "u4")]);
  });

  it("never coalesces splits or merges", () => {
    const { queue } = setup();
    queue.enqueue(split("u1", "n1", "w5"));
    queue.enqueue(split("u1", "n2", "w2"));
    queue.enqueue(merge("u2", "u3"));
    queue.enqueue(merge("u2", "u4"));
    expect(queue.snapshot()).toHaveLength(4);
  });

  it("never replaces the operation in flight, nor one that failed on the way", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(words("u1", "a"));
    await clock.advance(1_000);
    expect(transport.sent).toEqual(["op1"]);
    queue.enqueue(words("u1", "a", "b"));
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["op1", "op2"]);
    await transport.respond(transient);
    queue.enqueue(words("u1", "a", "b", "c")); // replaces op2, not op1
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["op1", "op3"]);
    await clock.advance(100);
    expect(transport.sent).toEqual(["op1", "op1"]);
    await transport.respond(ok());
    await clock.advance(1_000);
    expect(transport.sent).toEqual(["op1", "op1", "op3"]);
    expect(transport.calls[2]!.op).toEqual(words("u1", "a", "b", "c"));
  });
});

describe("save queue: failures", () => {
  it("retries a transient failure in order with backoff and recovers by itself", async () => {
    const { clock, transport, queue, labels } = setup();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u2", "s2"));
    await clock.advance(50);
    const retryTimes: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect(transport.calls.at(-1)?.opId).toBe("op1");
      await transport.respond(transient);
      expect(queue.getStatus()).toEqual({ state: "error", pending: 2 });
      const before = clock.t;
      while (transport.waiting === 0) await clock.advance(50);
      retryTimes.push(clock.t - before);
    }
    expect(retryTimes).toEqual([100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 30_000, 30_000]);
    expect(new Set(transport.sent)).toEqual(new Set(["op1"]));
    await transport.respond(ok());
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 1 });
    await transport.respond(ok());
    expect(queue.getStatus()).toEqual({ state: "synced", pending: 0 });
    expect(labels).toEqual(["Saving (1)", "Saving (2)", "Save Error", "Saving (1)", "Saved"]);
  });

  it("starts the backoff again after a success", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u2", "s2"));
    await clock.advance(50);
    await transport.respond(transient);
    await clock.advance(100);
    await transport.respond(transient);
    await clock.advance(200);
    await transport.respond(ok());
    expect(transport.sent).toEqual(["op1", "op1", "op1", "op2"]);
    await transport.respond(transient);
    await clock.advance(99);
    expect(transport.waiting).toBe(0);
    await clock.advance(1);
    expect(transport.sent).toEqual(["op1", "op1", "op1", "op2", "op2"]);
  });

  it("treats a throwing transport as a transient failure", async () => {
    const { clock, queue } = setup({
      transport: Object.assign(new FakeTransport(), {
        send: () => Promise.reject(new Error("boom")),
      }),
    });
    queue.enqueue(speaker("u1", "s1"));
    await clock.advance(50);
    expect(queue.getStatus()).toEqual({ state: "error", pending: 1 });
  });

  it("retries at once on retryNow (back online)", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    await clock.advance(50);
    for (let i = 0; i < 6; i++) {
      await transport.respond(transient);
      await clock.advance(retryDelay(i + 1));
    }
    await transport.respond(transient); // next retry in 6.4 s
    queue.retryNow();
    expect(transport.sent).toHaveLength(8);
    await transport.respond(ok());
    expect(queue.getStatus().state).toBe("synced");
  });

  it("drops a refused operation, reports it, and goes on; error stays until the next success", async () => {
    const { clock, transport, queue, rejected, saved, labels } = setup();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u2", "s2"));
    await clock.advance(50);
    await transport.respond(refused(409, "This utterance was changed elsewhere; it has been reloaded"));
    expect(rejected).toEqual([{ opId: "op1", failure: refused(409, "This utterance was changed elsewhere; it has been reloaded") }]);
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 1 });
    expect(transport.sent).toEqual(["op1", "op2"]);
    await transport.respond(refused());
    expect(queue.getStatus()).toEqual({ state: "error", pending: 0 });
    expect(queue.snapshot()).toEqual([]);
    queue.enqueue(speaker("u3", "s3"));
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 1 });
    await clock.advance(50);
    await transport.respond(ok());
    expect(queue.getStatus()).toEqual({ state: "synced", pending: 0 });
    expect(saved).toEqual(["op3"]);
    expect(labels).toEqual(["Saving (1)", "Saving (2)", "Saving (1)", "Save Error", "Saving (1)", "Saved"]);
  });

  it("a success after a refusal, before the queue ends, ends as saved", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u2", "s2"));
    await clock.advance(50);
    await transport.respond(refused());
    await transport.respond(ok());
    expect(queue.getStatus()).toEqual({ state: "synced", pending: 0 });
  });
});

describe("save queue: callbacks", () => {
  it("reports each save, asks for speaker statistics after structure changes, and signals the drain once", async () => {
    const { clock, transport, queue, saved, counts } = setup();
    transport.auto = () => ok();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(speaker("u2", "s1"));
    queue.enqueue(split("u3", "n1"));
    queue.enqueue(merge("u4", "u5"));
    await clock.advance(1_000);
    expect(saved).toEqual(["op1", "op2", "op3", "op4"]);
    expect(counts).toEqual({ drained: 1, stats: 3 });
    queue.enqueue(words("u1", "b"));
    await clock.advance(1_000);
    expect(counts).toEqual({ drained: 2, stats: 3 });
  });

  it("signals the drain after a refusal too, and not when nothing was sent", async () => {
    const { clock, transport, queue, counts } = setup();
    await queue.flush();
    expect(counts.drained).toBe(0);
    transport.auto = () => refused();
    queue.enqueue(speaker("u1", "s1"));
    await clock.advance(50);
    expect(counts.drained).toBe(1);
  });

  it("no longer counts the saved operation in pendingFor while onSaved runs", async () => {
    const clock = new FakeClock();
    const transport = new FakeTransport();
    transport.auto = () => ok();
    const seen: boolean[][] = [];
    const queue: SaveQueue = new SaveQueue({
      send: transport.send,
      clock,
      onSaved: () => seen.push([queue.pendingFor("u1"), queue.pendingFor("n1")]),
    });
    queue.enqueue(split("u1", "n1"));
    queue.enqueue(words("n1", "x"));
    await clock.advance(1_000);
    expect(seen).toEqual([
      [false, true],
      [false, false],
    ]);
  });

  it("keeps going when a callback throws", async () => {
    const clock = new FakeClock();
    const transport = new FakeTransport();
    transport.auto = () => ok();
    const queue = new SaveQueue({
      send: transport.send,
      clock,
      onSaved: () => {
        throw new Error("view bug");
      },
    });
    const error = console.error;
    console.error = () => undefined;
    try {
      queue.enqueue(speaker("u1", "s1"));
      queue.enqueue(speaker("u2", "s1"));
      await clock.advance(100);
    } finally {
      console.error = error;
    }
    expect(transport.calls).toHaveLength(2);
    expect(queue.getStatus().state).toBe("synced");
  });

  it("tells which utterances have unsaved operations", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(merge("u1", "u2"));
    queue.enqueue(split("u3", "n1"));
    for (const id of ["u1", "u2", "u3", "n1"]) expect(queue.pendingFor(id)).toBe(true);
    expect(queue.pendingFor("u4")).toBe(false);
    await clock.advance(50);
    expect(queue.pendingFor("u1")).toBe(true); // in flight: not acknowledged yet
    await transport.respond(ok());
    expect(queue.pendingFor("u1")).toBe(false);
    expect(queue.pendingFor("n1")).toBe(true);
    await transport.respond(ok());
    expect(queue.pendingFor("n1")).toBe(false);
  });
});

describe("save queue: flush", () => {
  it("sends debounced operations at once and resolves when the queue is empty", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => ok();
    queue.enqueue(words("u1", "a"));
    queue.enqueue(words("u2", "b"));
    let drained: boolean | undefined;
    void queue.flush().then((value) => (drained = value));
    await clock.advance(0);
    expect(transport.sent).toEqual(["op1", "op2"]);
    expect(drained).toBe(true);
    expect(clock.t).toBe(0);
  });

  it("resolves at once when nothing is queued", async () => {
    const { queue } = setup();
    await expect(queue.flush()).resolves.toBe(true);
  });

  it("waits for the operation in flight", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    await clock.advance(50);
    let drained: boolean | undefined;
    void queue.flush().then((value) => (drained = value));
    await clock.advance(5_000);
    expect(drained).toBeUndefined();
    await transport.respond(ok());
    expect(drained).toBe(true);
  });

  it("sends operations enqueued during a flush without their debounce", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    let drained: boolean | undefined;
    void queue.flush().then((value) => (drained = value));
    await clock.advance(0);
    queue.enqueue(words("u2", "x"));
    await transport.respond(ok());
    expect(transport.sent).toEqual(["op1", "op2"]);
    await transport.respond(ok());
    expect(drained).toBe(true);
  });

  it("gives up (false) when the queue stays blocked by transient failures, and keeps retrying", async () => {
    const { clock, transport, queue } = setup();
    transport.auto = () => transient;
    queue.enqueue(words("u1", "a"));
    let drained: boolean | undefined;
    void queue.flush(2_000).then((value) => (drained = value));
    await clock.advance(1_999);
    expect(drained).toBeUndefined();
    await clock.advance(1);
    expect(drained).toBe(false);
    transport.auto = () => ok();
    await clock.advance(30_000);
    expect(queue.getStatus()).toEqual({ state: "synced", pending: 0 });
  });

  it("retries a failing head at once when flushed", async () => {
    const { clock, transport, queue } = setup();
    queue.enqueue(speaker("u1", "s1"));
    await clock.advance(50);
    for (let i = 0; i < 5; i++) {
      await transport.respond(transient);
      await clock.advance(retryDelay(i + 1));
    }
    await transport.respond(transient);
    const flushed = queue.flush();
    await settle();
    expect(transport.waiting).toBe(1);
    await transport.respond(ok());
    await expect(flushed).resolves.toBe(true);
  });
});

describe("save queue: persistence", () => {
  it("stores every change of the pending list and clears it when everything is saved", async () => {
    const store = new MemoryPendingStore();
    const { clock, transport, queue } = setup({ store });
    await queue.restore();
    queue.enqueue(words("u1", "a"));
    await queue.whenPersisted();
    expect(await storedOps(store, "file-1")).toEqual([{ opId: "op1", op: words("u1", "a"), enqueuedAt: 0 }]);
    queue.enqueue(words("u1", "a", "b"));
    await queue.whenPersisted();
    expect((await storedOps(store, "file-1")).map((p) => p.opId)).toEqual(["op2"]);
    queue.enqueue(speaker("u2", "s1"));
    await clock.advance(1_000);
    // In flight: still stored until acknowledged.
    expect((await storedOps(store, "file-1")).map((p) => p.opId)).toEqual(["op2", "op3"]);
    await transport.respond(ok());
    await queue.whenPersisted();
    expect((await storedOps(store, "file-1")).map((p) => p.opId)).toEqual(["op3"]);
    await transport.respond(refused());
    await queue.whenPersisted();
    expect(await storedOps(store, "file-1")).toEqual([]);
    expect(store.stored.size).toBe(0);
  });

  it("restores the stored operations in order after a reload and resends the one in flight with its id", async () => {
    const store = new MemoryPendingStore();
    const first = setup({ store });
    first.queue.enqueue(speaker("u1", "s1"));
    first.queue.enqueue(split("u2", "n1"));
    first.queue.enqueue(words("n1", "x"));
    await first.clock.advance(50);
    expect(first.transport.sent).toEqual(["op1"]);
    await first.queue.whenPersisted();
    first.queue.dispose(); // the page goes away mid-flight

    const clock = new FakeClock();
    clock.t = 10_000;
    const transport = new FakeTransport();
    transport.auto = () => ok();
    const savedIds: string[] = [];
    const queue = new SaveQueue({ send: transport.send, clock, record: recordOf(store), onSaved: (p) => savedIds.push(p.opId) });
    const restored = await queue.restore();
    expect(restored.map((p) => [p.opId, p.op])).toEqual([
      ["op1", speaker("u1", "s1")],
      ["op2", split("u2", "n1")],
      ["op3", words("n1", "x")],
    ]);
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 3 });
    await clock.advance(0);
    expect(transport.sent).toEqual(["op1", "op2", "op3"]);
    expect(savedIds).toEqual(["op1", "op2", "op3"]);
    await queue.whenPersisted();
    expect(await storedOps(store, "file-1")).toEqual([]);
  });

  it("never replaces a restored operation (it may have reached the server)", async () => {
    const store = new MemoryPendingStore();
    await store.save(keyOf(), [{ opId: "old", op: words("u1", "a"), enqueuedAt: 0 }]);
    const { queue } = setup({ store });
    await queue.restore();
    queue.enqueue(words("u1", "a", "b"));
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["old", "op1"]);
  });

  it("queues what was enqueued before the stored operations loaded behind them, without losing them", async () => {
    const store = new MemoryPendingStore();
    await store.save(keyOf(), [{ opId: "old", op: speaker("u1", "s1"), enqueuedAt: 0 }]);
    const { clock, transport, queue } = setup({ store });
    queue.enqueue(speaker("u2", "s2"));
    expect(transport.sent).toEqual([]); // nothing goes out before the stored operations
    const restored = await queue.restore();
    expect(restored.map((p) => p.opId)).toEqual(["old"]);
    await queue.whenPersisted();
    expect((await storedOps(store, "file-1")).map((p) => p.opId)).toEqual(["old", "op1"]);
    expect(transport.sent).toEqual(["old"]);
    await transport.respond(ok());
    await clock.advance(50);
    expect(transport.sent).toEqual(["old", "op1"]);
  });

  it("keeps queues of different files apart", async () => {
    const store = new MemoryPendingStore();
    const a = setup({ store, fileId: "a" });
    const b = setup({ store, fileId: "b" });
    a.queue.enqueue(speaker("u1", "s1"));
    b.queue.enqueue(speaker("u9", "s9"));
    await Promise.all([a.queue.whenPersisted(), b.queue.whenPersisted()]);
    expect((await storedOps(store, "a")).map((p) => p.op)).toEqual([speaker("u1", "s1")]);
    expect((await storedOps(store, "b")).map((p) => p.op)).toEqual([speaker("u9", "s9")]);
  });

  it("survives a reload with IndexedDB", async () => {
    const dbName = "save-queue-reload";
    const first = setup({ store: new IdbPendingStore(dbName) });
    await first.queue.restore();
    first.queue.enqueue(words("u1", "a"));
    first.queue.enqueue(merge("u1", "u2"));
    first.queue.enqueue(words("u3", "b"));
    await first.queue.whenPersisted();
    first.queue.dispose();

    const transport = new FakeTransport();
    transport.auto = () => ok();
    const second = setup({ store: new IdbPendingStore(dbName), transport });
    const restored = await second.queue.restore();
    expect(restored).toEqual([
      { opId: "op1", op: words("u1", "a"), enqueuedAt: 0 },
      { opId: "op2", op: merge("u1", "u2"), enqueuedAt: 0 },
      { opId: "op3", op: words("u3", "b"), enqueuedAt: 0 },
    ]);
    await second.clock.advance(0);
    await settle();
    expect(transport.sent).toEqual(["op1", "op2", "op3"]);
    await second.queue.whenPersisted();
    expect(await storedOps(new IdbPendingStore(dbName))).toEqual([]);
  });

  it("queues operations taken over from a closed tab behind its own, never coalesced, stored, and sent in order", async () => {
    const store = new MemoryPendingStore();
    const { clock, transport, queue, saved } = setup({ store });
    await queue.restore();
    queue.enqueue(words("u1", "mine"));
    const theirs: PendingOp[] = [
      { opId: "t1", op: words("u1", "theirs"), enqueuedAt: 5 },
      { opId: "t2", op: speaker("u2", "s2"), enqueuedAt: 6 },
    ];
    await queue.adopt([...theirs, theirs[0]!]);
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["op1", "t1", "t2"]);
    expect((await storedOps(store)).map((p) => p.opId)).toEqual(["op1", "t1", "t2"]);
    // A newer edit of u1 is queued behind the taken-over one, not merged into it.
    queue.enqueue(words("u1", "mine", "again"));
    expect(queue.snapshot().map((p) => p.opId)).toEqual(["op1", "t1", "t2", "op2"]);
    expect(queue.getStatus()).toEqual({ state: "pending", pending: 4 });
    transport.auto = () => ok();
    await clock.advance(1_000);
    expect(transport.sent).toEqual(["op1", "t1", "t2", "op2"]);
    expect(saved).toEqual(["op1", "t1", "t2", "op2"]);
  });

  it("refuses to take operations over once closed, so the other tab's record stays", async () => {
    const store = new MemoryPendingStore();
    const { queue } = setup({ store });
    await queue.restore();
    queue.dispose();
    await expect(queue.adopt([{ opId: "t1", op: speaker("u1", "s1"), enqueuedAt: 0 }])).rejects.toThrow();
    expect(await storedOps(store)).toEqual([]);
  });

  it("says whether operations wait, even after it was closed", async () => {
    const { clock, transport, queue } = setup({ store: new MemoryPendingStore() });
    expect(queue.hasUnsent()).toBe(false);
    queue.enqueue(speaker("u1", "s1"));
    expect(queue.hasUnsent()).toBe(true);
    await clock.advance(50);
    queue.dispose();
    expect(queue.hasUnsent()).toBe(true);
    await transport.respond(ok());
    expect(queue.hasUnsent()).toBe(false);
  });

  it("records an answer that arrives after dispose, and sends nothing more", async () => {
    const store = new MemoryPendingStore();
    const { clock, transport, queue } = setup({ store });
    queue.enqueue(speaker("u1", "s1"));
    queue.enqueue(speaker("u2", "s2"));
    await clock.advance(50);
    queue.dispose();
    await transport.respond(ok());
    await queue.whenPersisted();
    expect((await storedOps(store, "file-1")).map((p) => p.opId)).toEqual(["op2"]);
    await clock.advance(10_000);
    expect(transport.sent).toEqual(["op1"]);
    expect(clock.pendingTimers).toBe(0);
  });
});

// ------------------------------------------------------------------ property

type Command =
  | { k: "enqueue"; type: TranscriptOp["type"]; u: number; v: number }
  | { k: "advance"; ms: number }
  | { k: "respond"; outcome: "ok" | "transient" | "permanent" }
  | { k: "retryNow" }
  | { k: "flush" };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant("enqueue" as const),
      type: fc.constantFrom("update_words", "update_words", "set_speaker", "split", "merge") as fc.Arbitrary<TranscriptOp["type"]>,
      u: fc.nat(2),
      v: fc.nat(2),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ k: fc.constant("advance" as const), ms: fc.constantFrom(10, 50, 100, 400, 1_000, 5_000) }), weight: 3 },
  {
    arbitrary: fc.record({ k: fc.constant("respond" as const), outcome: fc.constantFrom("ok", "ok", "transient", "permanent") }),
    weight: 3,
  },
  { arbitrary: fc.record({ k: fc.constant("retryNow" as const) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant("flush" as const) }), weight: 1 },
);

/** The reference: the queue's rules written as plainly as possible. */
interface RefEntry {
  opId: string;
  op: TranscriptOp;
  attempted: boolean;
}

function refEnqueue(ref: RefEntry[], entry: RefEntry): void {
  const stateKey = (op: TranscriptOp) => (op.type === "update_words" || op.type === "set_speaker" ? `${op.type}/${op.utteranceId}` : null);
  const key = stateKey(entry.op);
  const mine = touches(entry.op);
  if (key) {
    for (let i = ref.length - 1; i >= 0; i--) {
      const other = ref[i]!;
      if (!touches(other.op).some((id) => mine.includes(id))) continue;
      if (stateKey(other.op) === key && !other.attempted) {
        ref[i] = entry;
        return;
      }
      break;
    }
  }
  ref.push(entry);
}

describe("save queue: property", () => {
  it("sends every operation not refused exactly once, in order after coalescing, one at a time, ending on the last words", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { maxLength: 60 }), async (commands) => {
        const clock = new FakeClock();
        const transport = new FakeTransport();
        let n = 0;
        const queue = new SaveQueue({ send: transport.send, clock, newId: () => `op${++n}` });
        const ref: RefEntry[] = [];
        const delivered: PendingOp[] = [];
        const refusedIds = new Set<string>();
        const lastWords = new Map<string, PendingOp>();
        let seenCalls = 0;
        let lastOutcome: "ok" | "permanent" | null = null;

        // Every request the queue made must be the reference's head.
        const observe = () => {
          for (; seenCalls < transport.calls.length; seenCalls++) {
            const call = transport.calls[seenCalls]!;
            expect(call.opId).toBe(ref[0]?.opId);
            ref[0]!.attempted = true;
          }
          expect(transport.maxInFlight).toBeLessThanOrEqual(1);
        };
        const answer = async (kind: "ok" | "transient" | "permanent") => {
          await transport.respond((pending) => {
            expect(pending.opId).toBe(ref[0]?.opId);
            if (kind !== "transient") lastOutcome = kind;
            if (kind === "ok") {
              delivered.push(pending);
              ref.shift();
              return ok();
            }
            if (kind === "permanent") {
              refusedIds.add(pending.opId);
              ref.shift();
              return refused();
            }
            return transient;
          });
        };

        let splits = 0;
        for (const command of commands) {
          if (command.k === "enqueue") {
            const u = `u${command.u}`;
            const op: TranscriptOp =
              command.type === "update_words"
                ? words(u, `w${n + 1}`)
                : command.type === "set_speaker"
                  ? speaker(u, `s${n + 1}`)
                  : command.type === "split"
                    ? split(u, `n${++splits}`)
                    : merge(u, `u${command.v}`);
            const pending = queue.enqueue(op);
            refEnqueue(ref, { opId: pending.opId, op, attempted: false });
            if (op.type === "update_words") lastWords.set(u, pending);
          } else if (command.k === "advance") {
            await clock.advance(command.ms);
          } else if (command.k === "respond") {
            if (transport.waiting > 0) await answer(command.outcome);
          } else if (command.k === "retryNow") {
            queue.retryNow();
          } else {
            void queue.flush();
            await settle();
          }
          observe();
          expect(queue.snapshot().map((p) => p.opId)).toEqual(ref.map((e) => e.opId));
        }

        // From now on the server accepts everything: the queue must drain.
        transport.auto = (pending) => {
          observe();
          expect(pending.opId).toBe(ref[0]?.opId);
          lastOutcome = "ok";
          delivered.push(pending);
          ref.shift();
          return ok();
        };
        if (transport.waiting > 0) await answer("ok");
        for (let i = 0; i < 5 && queue.snapshot().length > 0; i++) {
          await clock.advance(SAVE_TIMINGS.maxRetryMs);
          observe();
        }
        expect(queue.snapshot()).toEqual([]);
        expect(ref).toEqual([]);
        // (b) never two requests at once.
        expect(transport.maxInFlight).toBeLessThanOrEqual(1);

        // (a) each surviving op acknowledged once, in the reference's order (checked in lockstep above);
        // every enqueued op was delivered, refused or replaced by a newer one before it was sent.
        const ids = delivered.map((p) => p.opId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(refusedIds.has(id)).toBe(false);
        for (const call of transport.calls) expect(ids.includes(call.opId) || refusedIds.has(call.opId)).toBe(true);

        // (c) the last words sent for each utterance are the last ones enqueued (unless those were refused).
        for (const [u, last] of lastWords) {
          if (refusedIds.has(last.opId)) continue;
          const sent = delivered.filter((p) => p.op.type === "update_words" && p.op.utteranceId === u).at(-1);
          expect(sent?.opId).toBe(last.opId);
          expect(sent?.op).toEqual(last.op);
        }
        expect(queue.getStatus()).toEqual({ state: lastOutcome === "permanent" ? "error" : "synced", pending: 0 });
        queue.dispose();
      }),
      { numRuns: 150 },
    );
  });
});
