// A map that keeps what fits in a budget of sizes (characters, words), dropping the least recently
// used first; a value larger than the whole budget is never kept.
export class SizedCache<K, V> {
  readonly #entries = new Map<K, { value: V; size: number }>();
  #total = 0;

  constructor(private readonly budget: number) {}

  /** The value kept for `key`, now the most recently used. */
  get(key: K): V | undefined {
    const held = this.#entries.get(key);
    if (!held) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, held);
    return held.value;
  }

  set(key: K, value: V, size: number): void {
    const held = this.#entries.get(key);
    if (held) {
      this.#entries.delete(key);
      this.#total -= held.size;
    }
    if (size > this.budget) return;
    this.#entries.set(key, { value, size });
    this.#total += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#total <= this.budget) break;
      this.#entries.delete(oldest);
      this.#total -= entry.size;
    }
  }
}
