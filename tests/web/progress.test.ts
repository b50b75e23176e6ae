import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  describeProgress,
  OVERDUE_TEXT,
  PROGRESS_CAP_PERCENT,
  pieceProgress,
  piecesOf,
  processingProgress,
} from "../../web/src/lib/progress";

describe("processing progress", () => {
  it("adds local seconds to the server's elapsed time", () => {
    const p = processingProgress({ elapsedSeconds: 10, estimatedTotalSeconds: 40 }, 2);
    expect(p).toEqual({ percent: 30, elapsedSeconds: 12, remainingSeconds: 28, overdue: false });
    expect(describeProgress(p)).toBe("0:12 elapsed · about 0:28 remaining");
  });

  it("starts at 0%", () => {
    expect(processingProgress({ elapsedSeconds: 0, estimatedTotalSeconds: 20 }, 0)).toEqual({
      percent: 0,
      elapsedSeconds: 0,
      remainingSeconds: 20,
      overdue: false,
    });
  });

  it("is capped at 95% before the estimate runs out", () => {
    const p = processingProgress({ elapsedSeconds: 99, estimatedTotalSeconds: 100 }, 0.5);
    expect(p.percent).toBe(95);
    expect(p.overdue).toBe(false);
    expect(p.remainingSeconds).toBe(1);
  });

  it("is overdue once the elapsed time reaches the estimate", () => {
    const p = processingProgress({ elapsedSeconds: 20, estimatedTotalSeconds: 20 }, 0);
    expect(p).toEqual({ percent: 95, elapsedSeconds: 20, remainingSeconds: 0, overdue: true });
    expect(describeProgress(p)).toBe(OVERDUE_TEXT);
    expect(OVERDUE_TEXT).toBe("Taking longer than expected...");
    expect(processingProgress({ elapsedSeconds: 5000, estimatedTotalSeconds: 60 }, 100).percent).toBe(95);
  });

  it("formats long times as h:mm:ss", () => {
    const p = processingProgress({ elapsedSeconds: 3700, estimatedTotalSeconds: 7300 }, 0);
    expect(describeProgress(p)).toBe("1:01:40 elapsed · about 1:00:00 remaining");
  });

  it("survives odd estimations", () => {
    expect(processingProgress({ elapsedSeconds: 0, estimatedTotalSeconds: 0 }, 0)).toMatchObject({ percent: 95, overdue: true });
    expect(processingProgress({ elapsedSeconds: Number.NaN, estimatedTotalSeconds: 10 }, -5)).toMatchObject({
      percent: 0,
      elapsedSeconds: 0,
    });
  });
});

describe("progress by pieces", () => {
  const timed = (elapsedSeconds: number) => ({ percent: 10, elapsedSeconds, remainingSeconds: 500, overdue: false });

  it("shows pieces only for a recording cut in more than one", () => {
    expect(piecesOf(null)).toBeNull();
    expect(piecesOf({ chunksDone: null, chunksTotal: null })).toBeNull();
    expect(piecesOf({ chunksDone: 0, chunksTotal: 1 })).toBeNull();
    expect(piecesOf({ chunksDone: 6, chunksTotal: 18 })).toEqual({ done: 6, total: 18 });
  });

  it("estimates the time left from the time per piece so far", () => {
    // 6 of 18 pieces in 120 s: 20 s a piece, 12 left.
    expect(pieceProgress({ done: 6, total: 18 }, timed(120))).toEqual({
      percent: 33,
      elapsedSeconds: 120,
      remainingSeconds: 240,
      overdue: false,
    });
    // Before the first piece: the server's estimate.
    expect(pieceProgress({ done: 0, total: 18 }, timed(5)).remainingSeconds).toBe(500);
  });

  it("never claims more than the cap, for any pieces done", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), fc.nat({ max: 100_000 }), (total, k, elapsed) => {
        const done = k % (total + 1);
        const p = pieceProgress({ done, total }, timed(elapsed));
        return p.percent >= 0 && p.percent <= PROGRESS_CAP_PERCENT && p.remainingSeconds >= 0;
      }),
    );
  });
});
