// A clock for the headless web modules: timers run in time order, and between
// two of them every pending promise settles.
import type { EditorClock } from "../../core/clock";

/** Lets promise chains (and fake-indexeddb's tasks) run: Node's setImmediate runs after them. */
const { setImmediate } = globalThis as unknown as { setImmediate: (fn: () => void) => void };
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers run in time order; between two of them every pending promise settles. */
export class FakeClock implements EditorClock {
  t = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now() {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  get pendingTimers() {
    return this.timers.size;
  }
  async advance(ms: number) {
    const end = this.t + ms;
    await settle();
    for (;;) {
      let nextId = -1;
      let nextAt = Infinity;
      for (const [id, timer] of this.timers) {
        if (timer.at <= end && timer.at < nextAt) {
          nextId = id;
          nextAt = timer.at;
        }
      }
      if (nextId < 0) break;
      const timer = this.timers.get(nextId)!;
      this.timers.delete(nextId);
      this.t = timer.at;
      timer.fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}
