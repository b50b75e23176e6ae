// Retries spread out: every delay lies between half and all of the plain backoff,
// and where in that range is up to the random source (injected here).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryRetryDelay } from "../../web/src/workspace/query-client";
import { reconnectDelay, LIVE_TIMINGS } from "../../web/src/live/live-channel";
import { backoffMs } from "../../web/src/workspace/multipart-upload";

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** The delays without jitter, per retry number (1-based). */
const plain = {
  upload: (n: number) => Math.min(15_000, 1000 * 2 ** (n - 1)),
  query: (n: number) => Math.min(30_000, 1000 * 2 ** (n - 1)),
  live: (n: number) =>
    Math.min(
      LIVE_TIMINGS.maxReconnectionDelayMs,
      LIVE_TIMINGS.minReconnectionDelayMs * LIVE_TIMINGS.reconnectionDelayGrowFactor ** (n - 1),
    ),
};
const jittered = {
  upload: (n: number, random: () => number) => backoffMs(n, random),
  // react-query counts failures from 0.
  query: (n: number, random: () => number) => queryRetryDelay(n - 1, random),
  live: (n: number, random: () => number) => reconnectDelay(n, random),
};

describe.each(Object.keys(plain) as (keyof typeof plain)[])("%s retries", (kind) => {
  it("wait between half and all of the plain backoff, for every retry and random draw", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), unit, (n, r) => {
        const ms = jittered[kind](n, () => r);
        expect(ms).toBeGreaterThanOrEqual(plain[kind](n) / 2);
        expect(ms).toBeLessThanOrEqual(plain[kind](n));
      }),
    );
  });

  it("differ between clients that drew differently", () => {
    const delays = new Set([0, 0.25, 0.5, 0.75, 0.999].map((r) => jittered[kind](3, () => r)));
    expect(delays.size).toBe(5);
  });
});

describe("live channel", () => {
  it("connects at once the first time and after a deliberate reconnect", () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(0);
  });
});
