import "fake-indexeddb/auto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TranscriptOp } from "../../core/operations";
import { FakeClock, settle } from "./fake-clock";
import { FakeBrowser, type FakePage } from "./fake-locks";
import { IdbPendingStore, MemoryPendingStore, type PendingStore } from "../../web/src/editor/model/pending-store";
import { SaveQueue, type PendingOp, type SendOutcome } from "../../web/src/editor/model/save-queue";
import { tabLocks } from "../../web/src/editor/model/tab-locks";
import { TabRecords } from "../../web/src/editor/model/tab-records";
import { createStore, set } from "idb-keyval";

const speaker = (utteranceId: string, speakerId: string): TranscriptOp => ({ type: "set_speaker", utteranceId, speakerId });
const ok: SendOutcome = { kind: "ok", result: { utterances: [], removedUtteranceIds: [] } };
const offline: SendOutcome = { kind: "transient", reason: "offline" };

/** A tab of the browser with the file open: its page (locks), records and queue. */
interface Tab {
  page: FakePage;
  records: TabRecords;
  queue: SaveQueue;
  clock: FakeClock;
  sent: string[];
  rejected: string[];
  /** What the server answers this tab. */
  answer: SendOutcome;
}

let tabCount = 0;

function openTab(browser: FakeBrowser, store: PendingStore, options: { user?: string; file?: string; answer?: SendOutcome } = {}): Tab {
  const page = browser.page();
  const tab = `tab-${++tabCount}`;
  const records = new TabRecords(store, tabLocks(page.locks), { user: options.user ?? "ada", file: options.file ?? "f1", tab });
  const clock = new FakeClock();
  let n = 0;
  const t = { page, records, clock, sent: [] as string[], rejected: [] as string[], answer: options.answer ?? offline } as Omit<
    Tab,
    "queue"
  > & {
    queue?: SaveQueue;
  };
  t.queue = new SaveQueue({
    record: records,
    clock,
    newId: () => `${tab}-op${++n}`,
    send: async (pending) => {
      if (t.answer.kind === "ok") t.sent.push(pending.opId);
      return t.answer;
    },
    onRejected: (pending) => t.rejected.push(pending.opId),
  });
  return t as Tab;
}

/** The page goes: its timers stop, its locks are freed; its record stays. */
function closeTab(t: Tab): void {
  t.queue.dispose();
  t.records.dispose();
  t.page.close();
}

/** Takes over into the tab's queue, as the editor session does. */
const takeInto = (t: Tab) => (ops: PendingOp[]) => t.queue.adopt(ops);

const opIds = (ops: readonly PendingOp[]) => ops.map((p) => p.opId);
const storedIds = async (store: PendingStore, user = "ada", file = "f1") =>
  (await store.records(user, file)).flatMap((r) => opIds(r.ops)).sort();

describe("tab records: two tabs of one file", () => {
  it("a tab that saves everything leaves the other tab's stored edits alone", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const a = openTab(browser, store);
    const b = openTab(browser, store, { answer: ok });
    await Promise.all([a.queue.restore(), b.queue.restore()]);
    a.queue.enqueue(speaker("u1", "s1"));
    b.queue.enqueue(speaker("u2", "s2"));
    await b.clock.advance(1_000);
    expect(b.sent).toEqual([`${b.records.key.tab}-op1`]);
    await Promise.all([a.queue.whenPersisted(), b.queue.whenPersisted()]);
    // B drained (its record is gone); A's edit is still stored.
    expect(await storedIds(store)).toEqual([`${a.records.key.tab}-op1`]);
  });

  it("a tab opening the file takes over a closed tab's record, not a live tab's", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const closed = openTab(browser, store);
    const live = openTab(browser, store);
    await Promise.all([closed.queue.restore(), live.queue.restore()]);
    closed.queue.enqueue(speaker("u1", "s1"));
    live.queue.enqueue(speaker("u2", "s2"));
    await Promise.all([closed.queue.whenPersisted(), live.queue.whenPersisted()]);
    closeTab(closed);

    const fresh = openTab(browser, store);
    expect(opIds(await fresh.queue.restore())).toEqual([`${closed.records.key.tab}-op1`]);
    // The closed tab's record moved into the new tab's; the live tab keeps its own.
    const records = await store.records("ada", "f1");
    expect(records.map((r) => [r.tab, opIds(r.ops)]).sort()).toEqual(
      [
        [fresh.records.key.tab, [`${closed.records.key.tab}-op1`]],
        [live.records.key.tab, [`${live.records.key.tab}-op1`]],
      ].sort(),
    );
  });

  it("a tab with the file open takes over a live tab's record once that tab closes, and sends it", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const a = openTab(browser, store, { answer: ok });
    const b = openTab(browser, store);
    await Promise.all([a.queue.restore(), b.queue.restore()]);
    b.queue.enqueue(speaker("u2", "s2"));
    await b.queue.whenPersisted();

    await a.records.adopt(takeInto(a));
    await settle();
    expect(a.queue.snapshot()).toEqual([]); // B lives: its record is its own
    closeTab(b);
    await a.clock.advance(0);
    await settle();
    expect(a.sent).toEqual([`${b.records.key.tab}-op1`]);
    await a.queue.whenPersisted();
    expect(await storedIds(store)).toEqual([]);
  });

  it("a taken-over edit the server refuses is reported like the tab's own, and the queue goes on", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const b = openTab(browser, store);
    await b.queue.restore();
    b.queue.enqueue(speaker("gone", "s2"));
    await b.queue.whenPersisted();
    closeTab(b);

    const a = openTab(browser, store, { answer: { kind: "permanent", status: 404, message: "Utterance not found" } });
    await a.queue.restore();
    await a.queue.flush(0);
    expect(a.rejected).toEqual([`${b.records.key.tab}-op1`]);
    expect(a.queue.getStatus().state).toBe("error");
    await a.queue.whenPersisted();
    expect(await storedIds(store)).toEqual([]);
  });

  it("a tab takes over a record of a tab closed while it was open when asked again (back online)", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const a = openTab(browser, store);
    await a.queue.restore();
    await a.records.adopt(takeInto(a)); // nothing to take yet
    // B opens, edits and closes after A last looked.
    const b = openTab(browser, store);
    await b.queue.restore();
    b.queue.enqueue(speaker("u2", "s2"));
    await b.queue.whenPersisted();
    closeTab(b);

    await a.records.adopt(takeInto(a));
    expect(opIds(a.queue.snapshot())).toEqual([`${b.records.key.tab}-op1`]);
    await a.queue.whenPersisted();
    expect((await store.records("ada", "f1")).map((r) => r.tab)).toEqual([a.records.key.tab]);
  });

  it("two tabs opening at once take a closed tab's record once between them", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const closed = openTab(browser, store);
    await closed.queue.restore();
    closed.queue.enqueue(speaker("u1", "s1"));
    closed.queue.enqueue(speaker("u2", "s2"));
    await closed.queue.whenPersisted();
    closeTab(closed);

    const [c, d] = [openTab(browser, store), openTab(browser, store)];
    const [fromC, fromD] = await Promise.all([c.queue.restore(), d.queue.restore()]);
    expect([...opIds(fromC), ...opIds(fromD)].sort()).toEqual([`${closed.records.key.tab}-op1`, `${closed.records.key.tab}-op2`]);
    expect(await storedIds(store)).toEqual([`${closed.records.key.tab}-op1`, `${closed.records.key.tab}-op2`]);
  });

  it("keeps a closed tab's record when the tab taking it over closes first", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const b = openTab(browser, store);
    await b.queue.restore();
    b.queue.enqueue(speaker("u2", "s2"));
    await b.queue.whenPersisted();
    closeTab(b);
    const a = openTab(browser, store);
    await a.queue.restore();
    a.queue.dispose();
    await a.records.adopt(takeInto(a)).catch(() => {});
    await settle();
    expect(await storedIds(store)).toEqual([`${b.records.key.tab}-op1`]);
  });

  it("never shows one user's records to another signed in on the same browser", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryPendingStore();
    const ada = openTab(browser, store, { user: "ada" });
    await ada.queue.restore();
    ada.queue.enqueue(speaker("u1", "s1"));
    await ada.queue.whenPersisted();
    closeTab(ada);

    const bob = openTab(browser, store, { user: "bob" });
    expect(await bob.queue.restore()).toEqual([]);
    await bob.records.adopt(takeInto(bob));
    expect(bob.queue.snapshot()).toEqual([]);
    expect(await storedIds(store, "ada")).toEqual([`${ada.records.key.tab}-op1`]);
  });
});

describe("tab records without Web Locks", () => {
  it("a tab opening the file takes every other record (it cannot tell which tabs are open), and none later", async () => {
    const store = new MemoryPendingStore();
    const key = (tab: string) => ({ user: "ada", file: "f1", tab });
    await store.save(key("old"), [{ opId: "x", op: speaker("u1", "s1"), enqueuedAt: 1 }]);
    const records = new TabRecords(store, null, key("new"));
    expect(opIds(await records.load())).toEqual(["x"]);
    expect((await store.records("ada", "f1")).map((r) => r.tab)).toEqual(["new"]);
    await store.save(key("later"), [{ opId: "y", op: speaker("u1", "s1"), enqueuedAt: 2 }]);
    const taken: PendingOp[] = [];
    await records.adopt(async (ops) => void taken.push(...ops));
    expect(taken).toEqual([]);
  });
});

describe("tab records in IndexedDB", () => {
  it("takes over a closed tab's record across connections (another page)", async () => {
    const browser = new FakeBrowser();
    const dbName = "tab-records-reload";
    const first = openTab(browser, new IdbPendingStore(dbName));
    await first.queue.restore();
    first.queue.enqueue(speaker("u1", "s1"));
    await first.queue.whenPersisted();
    closeTab(first);
    const second = openTab(browser, new IdbPendingStore(dbName));
    expect(opIds(await second.queue.restore())).toEqual([`${first.records.key.tab}-op1`]);
    expect((await new IdbPendingStore(dbName).records("ada", "f1")).map((r) => r.tab)).toEqual([second.records.key.tab]);
  });

  it("takes over the record an earlier version kept under the file's id alone", async () => {
    const browser = new FakeBrowser();
    const dbName = "tab-records-earlier";
    await set("f1", { v: 1, ops: [{ opId: "old", op: speaker("u1", "s1"), enqueuedAt: 1 }] }, createStore(dbName, "pending"));
    const tab = openTab(browser, new IdbPendingStore(dbName));
    expect(opIds(await tab.queue.restore())).toEqual(["old"]);
    const left = await new IdbPendingStore(dbName).records("ada", "f1");
    expect(left.map((r) => [r.tab, opIds(r.ops)])).toEqual([[tab.records.key.tab, ["old"]]]);
  });
});

// ------------------------------------------------------------------ property

type Step =
  | { k: "open" }
  | { k: "edit"; tab: number }
  | { k: "online"; tab: number }
  | { k: "close"; tab: number }
  | { k: "look"; tab: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ k: "open" as const }),
  fc.record({ k: fc.constant("edit" as const), tab: fc.nat(5) }),
  fc.record({ k: fc.constant("online" as const), tab: fc.nat(5) }),
  fc.record({ k: fc.constant("close" as const), tab: fc.nat(5) }),
  fc.record({ k: fc.constant("look" as const), tab: fc.nat(5) }),
);

describe("tab records: no edit is lost", () => {
  it("whatever tabs open, edit offline, save, close and look for closed tabs' records, every edit is sent or still stored", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const browser = new FakeBrowser();
        const store = new MemoryPendingStore();
        const open: Tab[] = [];
        const made = new Set<string>();
        const sent = new Set<string>();
        const all: Tab[] = [];
        for (const step of steps) {
          const tab = open.length > 0 && step.k !== "open" ? open[step.tab % open.length]! : null;
          if (step.k === "open" || !tab) {
            const t = openTab(browser, store);
            await t.queue.restore();
            open.push(t);
            all.push(t);
          } else if (step.k === "edit") {
            made.add(tab.queue.enqueue(speaker(`u${made.size}`, "s1")).opId);
            await tab.queue.whenPersisted();
          } else if (step.k === "online") {
            tab.answer = ok;
            await tab.queue.flush(0);
            await tab.queue.whenPersisted();
            tab.answer = offline;
          } else if (step.k === "close") {
            closeTab(tab);
            open.splice(open.indexOf(tab), 1);
          } else {
            await tab.records.adopt(takeInto(tab));
            await tab.queue.whenPersisted();
          }
          await settle();
          for (const t of all) for (const id of t.sent) sent.add(id);
          const kept = new Set(await storedIds(store));
          for (const id of made) expect(sent.has(id) || kept.has(id), `edit ${id} lost`).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
