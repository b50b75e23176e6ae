// The per-user limit on edits (core/edit-rate.ts, decision 031): a person typing, holding undo
// or replacing all once a minute is never held back, whatever the pace within those bounds;
// a flood of heavy edits is, and waiting the seconds it is told always lets the next one run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EDIT_RATE } from "../../core/edit-rate";
import { EditRate, editCost } from "../../core/edit-rate";

class Clock {
  ms = 0;
  readonly now = () => this.ms;
}

/** Runs edits at the given gaps (ms) and history sizes (bytes); the number held back. */
function heldBack(edits: readonly { gap: number; bytes: number }[]): number {
  const clock = new Clock();
  const rate = new EditRate(clock.now);
  let held = 0;
  for (const { gap, bytes } of edits) {
    clock.ms += gap;
    if (rate.wait() > 0) held++;
    else rate.charge(bytes);
  }
  return held;
}

/** A word edit's history entry is a few hundred bytes; a large paste a few KB. */
const typed = fc.record({ gap: fc.integer({ min: 200, max: 60_000 }), bytes: fc.integer({ min: 0, max: 4_000 }) });

describe("the edit limit", () => {
  it("never holds back typing: up to five saves a second, any number of them", () => {
    fc.assert(fc.property(fc.array(typed, { maxLength: 2_000 }), (edits) => heldBack(edits) === 0));
  });

  it("never holds back a burst of 500 small edits at any pace (undo held down through the whole history)", () => {
    const burst = fc.array(fc.record({ gap: fc.integer({ min: 0, max: 50 }), bytes: fc.integer({ min: 0, max: 2_000 }) }), {
      maxLength: 500,
    });
    fc.assert(fc.property(burst, (edits) => heldBack(edits) === 0));
  });

  it("never holds back a replace-all a minute among typing", () => {
    // A replace-all of 10,000 matches records about 1 MB.
    const minute = fc.tuple(fc.integer({ min: 0, max: 1_200_000 }), fc.array(typed, { maxLength: 40 })).map(([bytes, typing]) => {
      const spent = typing.reduce((sum, e) => sum + e.gap, 0);
      return [{ gap: 0, bytes }, ...typing, { gap: Math.max(0, 60_000 - spent), bytes: 0 }];
    });
    fc.assert(fc.property(fc.array(minute, { maxLength: 30 }), (minutes) => heldBack(minutes.flat()) === 0));
  });

  it("holds back heavy edits sent back to back, and waiting the answered seconds always lets the next run", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 256 * 1024, max: 2_000_000 }), { minLength: 1, maxLength: 200 }), (sizes) => {
        const clock = new Clock();
        const rate = new EditRate(clock.now);
        let ran = 0;
        for (const bytes of sizes) {
          const wait = rate.wait();
          if (wait > 0) {
            clock.ms += wait * 1000;
            expect(rate.wait()).toBe(0);
          }
          rate.charge(bytes);
          ran++;
        }
        // Past the burst, heavy edits run no faster than the refill pays for them.
        const paid = EDIT_RATE.burst + (clock.ms / 1000) * EDIT_RATE.perSecond;
        const spent = sizes.slice(0, ran).reduce((sum, bytes) => sum + editCost(bytes), 0);
        expect(spent).toBeLessThanOrEqual(paid + EDIT_RATE.maxCost);
      }),
    );
  });

  it("answers the whole seconds until a unit is back", () => {
    const clock = new Clock();
    const rate = new EditRate(clock.now, { burst: 10, perSecond: 2, bytesPerUnit: 100, maxCost: 30 });
    rate.charge(10_000); // costs 30: 10 - 30 = -20 units
    expect(rate.wait()).toBe(11); // 21 units at 2 a second: 10.5 s, rounded up
    clock.ms += 10_000;
    expect(rate.wait()).toBe(1);
    clock.ms += 500;
    expect(rate.wait()).toBe(0);
  });
});
