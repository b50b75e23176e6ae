import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_FAILED, CHUNK_TIMEOUT_MS, importWithTimeout } from "../../web/src/lib/lazy-chunk";

afterEach(() => vi.useRealTimers());

describe("lazily loaded parts", () => {
  it("resolve with the module when it arrives in time", async () => {
    await expect(importWithTimeout(async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it("fail with 'Loading chunk failed' after 120 s, and when the download fails", async () => {
    vi.useFakeTimers();
    const never = importWithTimeout(() => new Promise(() => {}));
    let failed = false;
    never.catch(() => (failed = true));
    const settled = expect(never).rejects.toThrow(CHUNK_FAILED);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(failed).toBe(false);
    vi.advanceTimersByTime(1);
    await settled;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await expect(importWithTimeout(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")))).rejects.toThrow(
      CHUNK_FAILED,
    );
  });
});
