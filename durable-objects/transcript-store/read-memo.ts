// Read answers kept in memory until anything in their store changes (decision 049). SQLite's
// total_changes() counts every row written on an object's one connection, so an answer is served
// only while nothing at all was written since it was made: no write path can forget to drop it.
// Only read-only calls use it: a write's transaction may roll back after reading (the counter
// does not go back), and an answer made inside it could outlive the rows it came from.
import { SizedCache } from "./sized-cache";

/**
 * What the remembered answers of every store object in this isolate may add up to, in characters
 * of JSON (about bytes): an isolate runs many objects and has 128 MB in all.
 */
export const READ_MEMO_BUDGET = 8_000_000;

type Answer = { changes: number; value: unknown };
/** Every object's answers, by object and key. */
const answers = new SizedCache<string, Answer>(READ_MEMO_BUDGET);
let objects = 0;

export class ReadMemo {
  readonly #prefix = `${++objects} `;

  constructor(
    private readonly sql: SqlStorage,
    private readonly kept: SizedCache<string, Answer> = answers,
  ) {}

  /** The answer for `key`: the one made since the store's last write, else `make()`'s (kept when it fits). */
  remember<T>(key: string, size: (value: T) => number, make: () => T): T {
    const changes = this.sql.exec<{ n: number }>("SELECT total_changes() AS n").one().n;
    const id = this.#prefix + key;
    const held = this.kept.get(id);
    if (held?.changes === changes) return held.value as T;
    const value = make();
    this.kept.set(id, { changes, value }, size(value));
    return value;
  }
}

/** Sizes for `remember`: JSON text by its length, lists by a generous guess per item. */
export const textSize = (text: string) => text.length;
export const listSize = (perItem: number) => (list: readonly unknown[]) => 64 + list.length * perItem;
