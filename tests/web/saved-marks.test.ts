// A reload right after a save never shows this browser's copy from before it: a confirmed save is
// marked at once, and a copy known current only up to an earlier moment is not shown.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { clearLocalCopies, LocalCopies } from "../../web/src/editor/open/local-copy";
import { copyIsCurrent, markSaved } from "../../web/src/editor/open/saved-marks";

// The unit tests run in Node, which has no localStorage: a browser's, kept in memory.
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true });

const copy = (at: number) => ({ utterances: '{"data":"x"}', head: '{"data":"h"}', speakers: [], at });

describe("copies and confirmed saves", () => {
  it("hides a copy older than the file's last confirmed save, for that user and file only", async () => {
    const copies = new LocalCopies("saved-marks-test");
    await copies.write("u1", "f1", copy(1_000));
    const kept = (await copies.read("u1", "f1"))!;
    expect(kept.at).toBe(1_000);
    expect(copyIsCurrent("u1", "f1", kept.at)).toBe(true);

    markSaved("u1", "f1", 2_000);
    expect(copyIsCurrent("u1", "f1", kept.at)).toBe(false);
    // Another file's or another user's copy is not touched.
    expect(copyIsCurrent("u1", "f2", kept.at)).toBe(true);
    expect(copyIsCurrent("u2", "f1", kept.at)).toBe(true);

    // The editor's state taken after the save is current again.
    await copies.write("u1", "f1", copy(3_000));
    expect(copyIsCurrent("u1", "f1", (await copies.read("u1", "f1"))!.at)).toBe(true);
  });

  it("takes a copy written before copies had a time as older than any save", async () => {
    markSaved("u3", "f3", 5);
    expect(copyIsCurrent("u3", "f3", 0)).toBe(false);
  });

  it("forgets the marks on sign-out with the copies", async () => {
    markSaved("u4", "f4", 9_000);
    await clearLocalCopies();
    expect(copyIsCurrent("u4", "f4", 1)).toBe(true);
  });
});
