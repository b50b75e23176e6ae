// One open file's record of unsent edits in this tab, and the hand-over of the records
// other tabs left behind (decision 035). A tab writes only its own record, so two tabs
// of one file offline never erase each other's edits; a closed tab's record is taken
// over by the next tab of that user and file, under the closed tab's lock, so two
// tabs never take the same record, and it is deleted only once its edits are stored
// under the tab that took them.
import type { PendingKey, PendingStore, TabRecord } from "./pending-store";
import type { PendingOp } from "./save-queue";
import type { TabLocks } from "./tab-locks";

/** Takes a closed tab's operations into this tab's queue; resolves once they are stored here. */
export type TakeOver = (ops: PendingOp[]) => Promise<void>;

/** Oldest first: a tab's edits go out in the order they were made. */
const byFirstEdit = (a: TabRecord, b: TabRecord) => (a.ops[0]?.enqueuedAt ?? 0) - (b.ops[0]?.enqueuedAt ?? 0);

export class TabRecords {
  private readonly watched = new Set<string>();
  private readonly stop = new AbortController();

  /** `locks` null: no Web Locks here, so every other record is taken on opening (none later). */
  constructor(
    private readonly store: PendingStore,
    private readonly locks: TabLocks | null,
    readonly key: PendingKey,
  ) {
    locks?.hold(key.tab);
  }

  /**
   * This tab's operations, after the records of closed tabs were moved into its record.
   * Called once, before the queue stores anything.
   */
  async load(): Promise<PendingOp[]> {
    let ops = await this.store.load(this.key);
    for (const record of await this.others()) {
      const from = { ...this.key, tab: record.tab };
      const move = async () => {
        const theirs = await this.store.load(from);
        if (theirs.length === 0) return;
        const known = new Set(ops.map((p) => p.opId));
        ops = [...ops, ...theirs.filter((p) => !known.has(p.opId))];
        await this.store.save(this.key, ops);
        await this.store.save(from, []);
      };
      if (this.locks) await this.locks.ifClosed(record.tab, move);
      else await move();
    }
    return ops;
  }

  save(ops: readonly PendingOp[]): Promise<void> {
    return this.store.save(this.key, ops);
  }

  /**
   * While the file is open: the records of tabs closed since are handed to `take` now,
   * those of tabs still open once they close.
   */
  async adopt(take: TakeOver): Promise<void> {
    const locks = this.locks;
    if (!locks) return;
    for (const record of await this.others()) {
      if (this.stop.signal.aborted) return;
      const handOver = () => this.handOver(record.tab, take);
      if (this.watched.has(record.tab) || (await locks.ifClosed(record.tab, handOver))) continue;
      this.watched.add(record.tab);
      locks.whenClosed(
        record.tab,
        () => {
          this.watched.delete(record.tab);
          return handOver();
        },
        this.stop.signal,
      );
    }
  }

  /** The file closed: no record is taken over any more. */
  dispose(): void {
    this.stop.abort();
  }

  private async others(): Promise<TabRecord[]> {
    const records = await this.store.records(this.key.user, this.key.file);
    return records.filter((r) => r.tab !== this.key.tab).sort(byFirstEdit);
  }

  /** Under the closed tab's lock: its record is read again (another tab may have taken it). */
  private async handOver(tab: string, take: TakeOver): Promise<void> {
    if (this.stop.signal.aborted) return;
    const from = { ...this.key, tab };
    const ops = await this.store.load(from);
    if (ops.length === 0) return;
    await take(ops);
    await this.store.save(from, []);
  }
}
