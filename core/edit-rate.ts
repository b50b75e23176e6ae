// The per-user limit on edits (decision 031): a bucket of units that refills at a steady rate.
// An edit may run while the bucket holds a unit; once done it is charged by its weight, so the
// bucket can go below zero after a heavy one and the next edits wait until it refills.

/**
 * Edits of transcripts per user, counted in the user's store: a bucket of `burst` units refilled
 * at `perSecond`. An edit costs one unit plus one per `bytesPerUnit` of history it writes or steps
 * through, at most `maxCost`: a person typing (about one save a second) never meets it, nor a
 * replace-all a minute; a script sending replace-alls of thousands of matches back to back waits
 * about ten seconds between them.
 */
export const EDIT_RATE = { burst: 600, perSecond: 5, bytesPerUnit: 8 * 1024, maxCost: 120 } as const;

/** The 429 message of an edit over the limit. */
export const editLimitMessage = (seconds: number) => `Too many edits. Please try again in ${seconds} seconds.`;

type Rate = { readonly burst: number; readonly perSecond: number; readonly bytesPerUnit: number; readonly maxCost: number };

/** What an edit weighs: one unit, plus one per `bytesPerUnit` of history it wrote or stepped, at most `maxCost`. */
export const editCost = (historyBytes: number, rate: Rate = EDIT_RATE) =>
  Math.min(rate.maxCost, 1 + Math.floor(Math.max(0, historyBytes) / rate.bytesPerUnit));

export class EditRate {
  #units: number;
  #at: number;

  /** `now` in milliseconds; the bucket starts full. */
  constructor(
    private readonly now: () => number,
    private readonly rate: Rate = EDIT_RATE,
  ) {
    this.#units = rate.burst;
    this.#at = now();
  }

  #refill(): void {
    const now = this.now();
    this.#units = Math.min(this.rate.burst, this.#units + ((now - this.#at) / 1000) * this.rate.perSecond);
    this.#at = now;
  }

  /** Whole seconds to wait before an edit may run; 0 when it may run now. */
  wait(): number {
    this.#refill();
    return this.#units >= 1 ? 0 : Math.ceil((1 - this.#units) / this.rate.perSecond);
  }

  /** Charges an edit that ran (refused ones too: they took the object's time). */
  charge(historyBytes: number): void {
    this.#refill();
    this.#units -= editCost(historyBytes, this.rate);
  }
}
