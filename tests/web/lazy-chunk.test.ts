import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildOf,
  CHUNK_FAILED,
  CHUNK_TIMEOUT_MS,
  importWithTimeout,
  loadChunk,
  onChunkFailure,
  prefetchChunk,
  shouldReload,
} from "../../web/src/lib/lazy-chunk";

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

describe("a part that fails to arrive", () => {
  it("is told to the error page even when asked for outside rendering (a form's submit)", async () => {
    const told: Error[] = [];
    const stop = onChunkFailure((error) => told.push(error));
    await expect(loadChunk(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")))).rejects.toThrow(
      CHUNK_FAILED,
    );
    stop();
    expect(told.map((e) => e.message)).toEqual([CHUNK_FAILED]);
  });

  it("read ahead of need, fails quietly: the real load tells", async () => {
    const told: Error[] = [];
    const stop = onChunkFailure((error) => told.push(error));
    prefetchChunk(() => Promise.reject(new TypeError("Failed to fetch")));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(told).toEqual([]);
  });
});

describe("a new build under an open tab", () => {
  const html = (entry: string) =>
    `<head><script src="/theme.js"></script><script type="module" crossorigin src="/assets/${entry}"></script></head>`;

  it("is recognised by the entry script the HTML names", () => {
    expect(buildOf(html("index-W9gSpjI0.js"))).toBe("/assets/index-W9gSpjI0.js");
    expect(buildOf("<html>offline</html>")).toBeNull();
  });

  it("reloads once per new build, never for the build running, nor when either is unknown", () => {
    expect(shouldReload("/assets/index-a.js", "/assets/index-b.js", null)).toBe(true);
    // Already reloaded for b, and b's parts still fail: the error page, not a loop.
    expect(shouldReload("/assets/index-a.js", "/assets/index-b.js", "/assets/index-b.js")).toBe(false);
    // A later deploy again gets its one reload.
    expect(shouldReload("/assets/index-b.js", "/assets/index-c.js", "/assets/index-b.js")).toBe(true);
    expect(shouldReload("/assets/index-a.js", "/assets/index-a.js", null)).toBe(false);
    expect(shouldReload(null, "/assets/index-b.js", null)).toBe(false);
    expect(shouldReload("/assets/index-a.js", null, null)).toBe(false);
  });
});
