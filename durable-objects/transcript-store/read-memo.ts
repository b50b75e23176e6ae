// Read answers kept in the object's memory until anything in the store changes (decision 049).
// SQLite's total_changes() counts every row written on the object's one connection, so an answer
// is served only while nothing at all was written since it was made: no write path can forget to
// drop it. Only read-only calls use it: a write's transaction may roll back after reading (the
// counter does not go back), and an answer made inside it could outlive the rows it came from.

/** What the remembered answers may add up to, in characters of JSON (about bytes). */
export const READ_MEMO_BUDGET = 12_000_000;

export class ReadMemo {
  #changes = -1;
  #total = 0;
  /** In use order: the least recently used first. */
  readonly #entries = new Map<string, { value: unknown; size: number }>();

  constructor(
    private readonly sql: SqlStorage,
    private readonly budget = READ_MEMO_BUDGET,
  ) {}

  /** The answer for `key`: the one made since the last write, else `make()`'s (kept when it fits). */
  remember<T>(key: string, size: (value: T) => number, make: () => T): T {
    const changes = this.sql.exec<{ n: number }>("SELECT total_changes() AS n").one().n;
    if (changes !== this.#changes) {
      this.#entries.clear();
      this.#total = 0;
      this.#changes = changes;
    }
    const held = this.#entries.get(key);
    if (held) {
      this.#entries.delete(key);
      this.#entries.set(key, held);
      return held.value as T;
    }
    const value = make();
    const bytes = size(value);
    if (bytes > this.budget) return value;
    this.#entries.set(key, { value, size: bytes });
    this.#total += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#total <= this.budget) break;
      this.#entries.delete(oldest);
      this.#total -= entry.size;
    }
    return value;
  }
}

/** Sizes for `remember`: JSON text by its length, lists by a generous guess per item. */
export const textSize = (text: string) => text.length;
export const listSize = (perItem: number) => (list: readonly unknown[]) => 64 + list.length * perItem;
