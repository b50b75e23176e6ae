import { describe, expect, it } from "vitest";
import { describeProgress, OVERDUE_TEXT, processingProgress } from "../../web/src/lib/progress";

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
