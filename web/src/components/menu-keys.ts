// Keys of a menu or list of options (the ARIA menu and listbox patterns): which item a key moves
// focus to. Plain functions and a type-ahead buffer with an injected clock, so they test headless.

/** Type-ahead: letters typed within this time of each other form one prefix. */
export const TYPE_AHEAD_MS = 500;

export type MenuKeyResult =
  /** Focus the item at this index. */
  | { focus: number }
  /** Close and give focus back to the control that opened it. */
  | { close: true }
  | null;

/**
 * Where `key` moves focus from item `current` among `labels` (disabled items excluded by the caller).
 * ArrowDown/ArrowUp wrap, Home/End go to the ends, Escape closes, a printable character searches
 * by label through `typeAhead`. Null: the key is not the menu's (Enter, Space and Tab keep their own meaning).
 */
export function menuKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  current: number,
  labels: readonly string[],
  typeAhead?: TypeAhead,
): MenuKeyResult {
  const count = labels.length;
  if (event.key === "Escape") return { close: true };
  if (count === 0) return null;
  switch (event.key) {
    case "ArrowDown":
      return { focus: current < 0 ? 0 : (current + 1) % count };
    case "ArrowUp":
      return { focus: current < 0 ? count - 1 : (current - 1 + count) % count };
    case "Home":
      return { focus: 0 };
    case "End":
      return { focus: count - 1 };
  }
  if (typeAhead && event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const found = typeAhead.find(event.key, current, labels);
    return found < 0 ? null : { focus: found };
  }
  return null;
}

export class TypeAhead {
  private prefix = "";
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * The item whose label starts with what was typed lately, searching after `current` and wrapping;
   * the same letter typed again moves on to the next item starting with it. -1: none.
   */
  find(char: string, current: number, labels: readonly string[]): number {
    const time = this.now();
    this.prefix = time - this.last > TYPE_AHEAD_MS ? char.toLowerCase() : this.prefix + char.toLowerCase();
    this.last = time;
    const repeated = this.prefix.length > 1 && [...this.prefix].every((c) => c === this.prefix[0]);
    const wanted = repeated ? this.prefix[0]! : this.prefix;
    // A longer prefix may still match the current item; a single letter moves on from it.
    const start = wanted.length > 1 ? current : current + 1;
    for (let i = 0; i < labels.length; i++) {
      const index = (((start + i) % labels.length) + labels.length) % labels.length;
      if (labels[index]!.trim().toLowerCase().startsWith(wanted)) return index;
    }
    return -1;
  }
}
