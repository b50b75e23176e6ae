import { describe, expect, it } from "vitest";
import { addSample, bytesPerSecond, describeRate, formatTimeLeft, RATE_WINDOW_MS } from "../../web/src/workspace/upload-rate";

describe("upload speed and time left", () => {
  it("measures over the recent window only, so a stall shows at once", () => {
    let samples = addSample([], 0, 0);
    expect(bytesPerSecond(samples)).toBeNull();
    samples = addSample(samples, 1000, 5_000_000);
    expect(bytesPerSecond(samples)).toBe(5_000_000);
    // Ten seconds later nothing more was sent: the old fast second is out of the window.
    samples = addSample(samples, 11_000, 5_000_000);
    samples = addSample(samples, 11_000 + RATE_WINDOW_MS, 5_000_000);
    expect(bytesPerSecond(samples)).toBe(0);
    expect(samples.length).toBeLessThanOrEqual(3);
  });

  it("says the speed and the time left, or nothing while unknown", () => {
    expect(describeRate(null, 1000)).toBe("");
    expect(describeRate(0, 1000)).toBe("0 B/s · stalled");
    expect(describeRate(2 * 1024 * 1024, 100 * 1024 * 1024)).toBe("2 MB/s · 50 s left");
    expect(formatTimeLeft(0.2)).toBe("1 s");
    expect(formatTimeLeft(125)).toBe("2 min 5 s");
    expect(formatTimeLeft(3 * 3600 + 65)).toBe("3 h 1 min");
  });
});
