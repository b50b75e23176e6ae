import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  IdbPendingStore,
  isPendingOp,
  MemoryPendingStore,
  type PendingKey,
  type PendingStore,
} from "../../web/src/editor/model/pending-store";
import type { PendingOp } from "../../web/src/editor/model/save-queue";
import { createStore, set } from "idb-keyval";

const op = (n: number): PendingOp => ({
  opId: `op${n}`,
  op: { type: "set_speaker", utteranceId: `u${n}`, speakerId: "s1" },
  enqueuedAt: n,
});

/** Ada's record of a file in tab t1. */
const key = (file: string, user = "ada", tab = "t1"): PendingKey => ({ user, file, tab });

let dbCount = 0;
const stores: [string, () => PendingStore][] = [
  ["memory", () => new MemoryPendingStore()],
  ["IndexedDB", () => new IdbPendingStore(`pending-store-test-${++dbCount}`)],
];

describe.each(stores)("pending store (%s)", (_name, create) => {
  it("loads nothing for an unknown file", async () => {
    expect(await create().load(key("nope"))).toEqual([]);
  });

  it("saves and loads the operations of a file in order", async () => {
    const store = create();
    await store.save(key("f1"), [op(1), op(2), op(3)]);
    await store.save(key("f2"), [op(9)]);
    expect(await store.load(key("f1"))).toEqual([op(1), op(2), op(3)]);
    expect(await store.load(key("f2"))).toEqual([op(9)]);
  });

  it("removes the record when the list is empty", async () => {
    const store = create();
    await store.save(key("f1"), [op(1)]);
    await store.save(key("f1"), []);
    expect(await store.load(key("f1"))).toEqual([]);
  });

  it("keeps the last of racing saves (no lost update) and loads after pending writes", async () => {
    const store = create();
    const saves = [
      store.save(key("f1"), [op(1)]),
      store.save(key("f1"), [op(1), op(2)]),
      store.save(key("f1"), [op(2)]),
      store.save(key("f1"), [op(2), op(3)]),
    ];
    // Read-your-writes: a load issued now sees the last save.
    expect(await store.load(key("f1"))).toEqual([op(2), op(3)]);
    await Promise.all(saves);
    expect(await store.load(key("f1"))).toEqual([op(2), op(3)]);
  });

  it("keeps one record per user, file and tab, and lists a user's file's records", async () => {
    const store = create();
    await store.save(key("f1", "ada", "t1"), [op(1)]);
    await store.save(key("f1", "ada", "t2"), [op(2)]);
    await store.save(key("f1", "bob", "t1"), [op(3)]);
    await store.save(key("f2", "ada", "t1"), [op(4)]);
    await store.save(key("f1", "ada", "t3"), []);
    expect(await store.load(key("f1", "ada", "t2"))).toEqual([op(2)]);
    const records = await store.records("ada", "f1");
    expect(records.sort((a, b) => a.tab.localeCompare(b.tab))).toEqual([
      { tab: "t1", ops: [op(1)] },
      { tab: "t2", ops: [op(2)] },
    ]);
    expect(await store.records("bob", "f1")).toEqual([{ tab: "t1", ops: [op(3)] }]);
    // Emptying a tab's list leaves the others.
    await store.save(key("f1", "ada", "t1"), []);
    expect(await store.records("ada", "f1")).toEqual([{ tab: "t2", ops: [op(2)] }]);
  });

  it("lists a record after its pending write", async () => {
    const store = create();
    const saved = store.save(key("f1"), [op(1)]);
    expect(await store.records("ada", "f1")).toEqual([{ tab: "t1", ops: [op(1)] }]);
    await saved;
  });

  it("copies the list when saving: later changes of the caller's array are not stored", async () => {
    const store = create();
    const list = [op(1)];
    const saved = store.save(key("f1"), list);
    list.push(op(2));
    await saved;
    expect(await store.load(key("f1"))).toEqual([op(1)]);
  });
});

describe("pending store details", () => {
  it("writes a superseded, not yet started save only once", async () => {
    const store = new MemoryPendingStore();
    const all = [
      store.save(key("f"), [op(1)]),
      store.save(key("f"), [op(2)]),
      store.save(key("f"), [op(3)]),
      store.save(key("f"), [op(4)]),
    ];
    await Promise.all(all);
    // The first write started at once; the three queued behind it collapse into one.
    expect(store.writes).toBe(2);
    expect(await store.load(key("f"))).toEqual([op(4)]);
  });

  it("persists across connections to the same database (a reload)", async () => {
    await new IdbPendingStore("pending-store-reload").save(key("f"), [op(1), op(2)]);
    expect(await new IdbPendingStore("pending-store-reload").load(key("f"))).toEqual([op(1), op(2)]);
  });

  it("ignores records of another shape, version, user, file or tab", async () => {
    const db = createStore("pending-store-foreign", "pending");
    const at = (file: string) => ["ada", file, "t1"];
    await set(at("old-shape"), [op(1)], db);
    await set(at("future"), { v: 99, user: "ada", file: "future", tab: "t1", ops: [op(1)] }, db);
    await set(at("moved"), { v: 2, user: "bob", file: "moved", tab: "t1", ops: [op(1)] }, db);
    await set(
      at("mixed"),
      {
        v: 2,
        user: "ada",
        file: "mixed",
        tab: "t1",
        ops: [op(1), { opId: 3 }, null, { opId: "x", enqueuedAt: 1, op: { type: "rename" } }],
      },
      db,
    );
    const store = new IdbPendingStore("pending-store-foreign");
    expect(await store.load(key("old-shape"))).toEqual([]);
    expect(await store.load(key("future"))).toEqual([]);
    expect(await store.load(key("moved"))).toEqual([]);
    expect(await store.load(key("mixed"))).toEqual([op(1)]);
  });

  it("recognises pending operations", () => {
    expect(isPendingOp(op(1))).toBe(true);
    expect(isPendingOp({ ...op(1), opId: undefined })).toBe(false);
    expect(isPendingOp({ ...op(1), op: { type: "drop_table" } })).toBe(false);
    expect(isPendingOp("op1")).toBe(false);
  });
});
