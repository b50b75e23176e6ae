// The API client's own 10 s timeout must not take the place of a caller's abort signal.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "../../web/src/api/client";

/** The network stands in: a server that never answers, so a request ends only through its signal. */
const neverAnswers = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
  });

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("ends the call when the caller's signal aborts, long before its own timeout", async () => {
    vi.stubGlobal("fetch", neverAnswers);
    const controller = new AbortController();
    const started = Date.now();
    const call = apiFetch("http://127.0.0.1/api/v1/slow", { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses at once for a signal already aborted", async () => {
    vi.stubGlobal("fetch", neverAnswers);
    await expect(apiFetch("http://127.0.0.1/api/v1/slow", { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
