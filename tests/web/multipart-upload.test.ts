// An upload in parts, headless: a few parts at once, a failed part retried with backoff,
// a new attempt (or a reload) sending only the missing parts, and a cancel that aborts
// the upload on the server. The storage service is a test double kept here.
import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { MIN_PART_SIZE, type MultipartUploadDto } from "../../common/multipart";
import {
  backoffMs,
  isAbort,
  type PartsDeps,
  type PartsTransport,
  storedFraction,
  TransferError,
  type UploadSource,
  uploadInParts,
} from "../../web/src/workspace/multipart-upload";
import { fingerprintOf, idbResumeStore, memoryResumeStore, type ResumeStore } from "../../web/src/workspace/resume-store";
import { FakeClock, settle } from "./fake-clock";

const PART = MIN_PART_SIZE;

/** A file of `parts` parts (the last one short) without allocating its bytes. */
function source(parts: number, name = "interview.mp3"): UploadSource {
  const size = (parts - 1) * PART + 1000;
  return {
    name,
    size,
    lastModified: 1_700_000_000_000,
    type: "audio/mpeg",
    slice: (start, end) => ({ size: end - start, start }) as unknown as Blob,
  };
}

/** Storage as the browser sees it: parts stored by number; failures and holds scripted per part. */
class FakeStorage implements PartsTransport {
  uploads = new Map<string, { dto: MultipartUploadDto; parts: Map<number, string>; aborted: boolean; completed: boolean }>();
  log: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Part number → statuses to answer before storing it (0: network error). */
  failures = new Map<number, number[]>();
  /** Parts whose PUT waits until released. */
  held = new Set<number>();
  private waiting: (() => void)[] = [];
  linkRequests = 0;
  private seq = 0;

  async create(file: UploadSource) {
    const dto: MultipartUploadDto = {
      upload_id: `up-${++this.seq}`,
      key: `users/u/${this.seq}/${file.name}`,
      content_type: "audio/mpeg",
      part_size: PART,
      part_count: Math.ceil(file.size / PART),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    };
    this.uploads.set(dto.upload_id, { dto, parts: new Map(), aborted: false, completed: false });
    this.log.push(`create ${dto.upload_id}`);
    return dto;
  }
  async status(id: string) {
    const u = this.uploads.get(id);
    return u && !u.aborted ? u.dto : null;
  }
  async links(id: string, numbers: number[]) {
    this.linkRequests++;
    const u = this.uploads.get(id)!;
    return numbers.map((n) => ({ part_number: n, url: `${id}#${n}`, size: Math.min(PART, u.dto.part_count * PART) }));
  }
  async put(url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) {
    const [id, n] = [url.split("#")[0]!, Number(url.split("#")[1])];
    this.log.push(`put ${n}`);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      onProgress(body.size / 2);
      await settle();
      if (this.held.has(n)) {
        await new Promise<void>((resolve, reject) => {
          this.waiting.push(resolve);
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      }
      if (signal.aborted) throw new DOMException("aborted", "AbortError");
      const failure = this.failures.get(n)?.shift();
      if (failure !== undefined) throw new TransferError(failure, `S3 upload failed: ${failure}`);
      const u = this.uploads.get(id)!;
      if (u.aborted) throw new TransferError(404, "Upload not found");
      u.parts.set(n, `etag-${n}`);
      return `"etag-${n}"`;
    } finally {
      this.inFlight--;
    }
  }
  release() {
    this.held.clear();
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  async complete(id: string, parts: { part_number: number; etag: string }[]) {
    const u = this.uploads.get(id)!;
    this.log.push(`complete ${parts.map((p) => p.part_number).join(",")}`);
    expect(parts.map((p) => p.etag)).toEqual(parts.map((p) => `"etag-${p.part_number}"`));
    u.completed = true;
    return { key: u.dto.key, content_type: "audio/mpeg" };
  }
  async abort(id: string) {
    this.log.push(`abort ${id}`);
    this.uploads.get(id)!.aborted = true;
  }
}

function setup(store: ResumeStore = memoryResumeStore()) {
  const clock = new FakeClock();
  const storage = new FakeStorage();
  const sleeps: number[] = [];
  const deps: PartsDeps = {
    transport: storage,
    store,
    now: () => clock.now(),
    options: {
      partsInFlight: 3,
      attempts: 3,
      // The longest wait the jitter allows: the plain 1 s, 2 s, 4 s…
      backoffMs: (attempt) => backoffMs(attempt, () => 1),
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise((resolve) => clock.setTimeout(resolve, ms));
      },
    },
  };
  return { clock, storage, store, deps, sleeps };
}

/** Lets every pending request of the fake settle (each PUT takes a turn of the event loop). */
const flush = async () => {
  for (let i = 0; i < 30; i++) await settle();
};

const confirmed = async (done: { key: string }) => `file for ${done.key}`;
const puts = (log: string[]) => log.filter((l) => l.startsWith("put ")).map((l) => Number(l.slice(4)));

describe("upload in parts", () => {
  it("sends every part with at most three in flight, completes with every ETag in order, and forgets the upload", async () => {
    const { storage, store, deps } = setup();
    const file = source(7);
    const progress: number[] = [];
    const result = await uploadInParts(file, null, deps, (b) => progress.push(b), new AbortController().signal, confirmed);
    expect(result).toBe("file for users/u/1/interview.mp3");
    expect(storage.maxInFlight).toBe(3);
    expect(puts(storage.log).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(storage.log.at(-1)).toBe("complete 1,2,3,4,5,6,7");
    expect(progress.at(-1)).toBe(file.size);
    expect(progress.every((b, i) => b <= file.size && (i === 0 || b >= 0))).toBe(true);
    expect(await store.all()).toEqual([]);
  });

  it("retries a part that fails once, after a backoff, and still completes", async () => {
    const { storage, deps, clock, sleeps } = setup();
    storage.failures.set(2, [500]);
    const done = uploadInParts(source(4), null, deps, () => {}, new AbortController().signal, confirmed);
    await flush();
    await clock.advance(999);
    expect(storage.log.some((l) => l.startsWith("complete"))).toBe(false);
    await clock.advance(1);
    await expect(done).resolves.toBe("file for users/u/1/interview.mp3");
    expect(sleeps).toEqual([1000]);
    expect(puts(storage.log).filter((n) => n === 2)).toHaveLength(2);
    expect(puts(storage.log)).toHaveLength(5);
  });

  it("after the tries run out, fails; trying again sends only the missing parts of the same upload", async () => {
    const { storage, store, deps, clock } = setup();
    storage.failures.set(3, [0, 0, 0]);
    const first = uploadInParts(source(5), null, deps, () => {}, new AbortController().signal, confirmed);
    const settled = first.catch((e) => e);
    for (let i = 0; i < 5; i++) {
      await flush();
      await clock.advance(10_000);
    }
    const error = await settled;
    expect(error).toBeInstanceOf(TransferError);
    expect(error.status).toBe(0);
    const [record] = await store.all();
    expect(Object.keys(record!.parts).map(Number).sort()).not.toContain(3);
    expect(storedFraction(record!)).toBeGreaterThan(0);

    storage.log = [];
    const progress: number[] = [];
    const again = await uploadInParts(source(5), null, deps, (b) => progress.push(b), new AbortController().signal, confirmed);
    expect(again).toBe("file for users/u/1/interview.mp3");
    expect(storage.log).not.toContain("create up-2");
    const resent = puts(storage.log);
    expect(resent).toContain(3);
    expect(resent.length).toBeLessThan(5);
    // Progress starts at what was already stored, not at zero.
    expect(progress[0]).toBeGreaterThan(0);
  });

  it("fails at once on a refusal that another try cannot fix", async () => {
    const { storage, deps, sleeps } = setup();
    storage.failures.set(1, [400]);
    await expect(uploadInParts(source(3), null, deps, () => {}, new AbortController().signal, confirmed)).rejects.toMatchObject({
      status: 400,
    });
    expect(sleeps).toEqual([]);
  });

  it("asks for a fresh link when storage refuses one as expired", async () => {
    const { storage, deps, clock } = setup();
    storage.failures.set(1, [403]);
    const done = uploadInParts(source(2), null, deps, () => {}, new AbortController().signal, confirmed);
    await flush();
    await clock.advance(1000);
    await done;
    expect(storage.linkRequests).toBe(2);
  });

  it("a reload: the same file chosen again on a new page resumes from IndexedDB", async () => {
    const name = `uploads-test-${crypto.randomUUID()}`;
    const before = setup(idbResumeStore(createStore(name, "resumable")));
    before.storage.held = new Set([4, 5, 6]);
    const controller = new AbortController();
    const running = uploadInParts(source(6), "folder-1", before.deps, () => {}, controller.signal, confirmed).catch((e) => e);
    await flush();
    // The page goes away: nothing is cancelled on the server, the remembered parts stay.
    const pageGone = before.storage;
    const storedParts = [...pageGone.uploads.get("up-1")!.parts.keys()].sort();
    expect(storedParts).toEqual([1, 2, 3]);

    const after = setup(idbResumeStore(createStore(name, "resumable")));
    after.storage = pageGone;
    after.deps.transport = pageGone;
    const [remembered] = await after.store.all();
    expect(remembered).toMatchObject({ name: "interview.mp3", folderId: "folder-1", fingerprint: fingerprintOf(source(6)) });
    expect(storedFraction(remembered!)).toBeCloseTo(3 / (5 + 1000 / PART), 5);

    pageGone.log = [];
    pageGone.release();
    pageGone.held = new Set();
    const resumed = await uploadInParts(source(6), "folder-1", after.deps, () => {}, new AbortController().signal, confirmed);
    expect(resumed).toBe("file for users/u/1/interview.mp3");
    expect(puts(pageGone.log).sort()).toEqual([4, 5, 6]);
    expect(await after.store.all()).toEqual([]);
    controller.abort();
    await running;
  });

  it("starts afresh when the server no longer has the remembered upload", async () => {
    const { storage, store, deps } = setup();
    const file = source(2);
    await store.put({
      v: 1,
      fingerprint: fingerprintOf(file),
      name: file.name,
      size: file.size,
      folderId: null,
      upload: {
        upload_id: "gone",
        key: "k",
        content_type: "audio/mpeg",
        part_size: PART,
        part_count: 2,
        expires_at: new Date(Date.now() + 1000_000).toISOString(),
      },
      parts: { 1: "etag-1" },
    });
    await uploadInParts(file, null, deps, () => {}, new AbortController().signal, confirmed);
    expect(storage.log[0]).toBe("create up-1");
    expect(puts(storage.log).sort()).toEqual([1, 2]);
  });

  it("cancel: the parts in flight stop, the upload is aborted on the server and forgotten", async () => {
    const { storage, store, deps } = setup();
    storage.held = new Set([1, 2, 3, 4]);
    const controller = new AbortController();
    const done = uploadInParts(source(4), null, deps, () => {}, controller.signal, confirmed).catch((e) => e);
    await flush();
    expect(storage.inFlight).toBe(3);
    controller.abort();
    const error = await done;
    expect(isAbort(error)).toBe(true);
    expect(storage.log).toContain("abort up-1");
    expect(storage.uploads.get("up-1")!.completed).toBe(false);
    expect(await store.all()).toEqual([]);
  });

  it("keeps the upload when confirming fails, so a retry confirms without sending again", async () => {
    const { storage, store, deps } = setup();
    let fail = true;
    const flaky = async (done: { key: string }) => {
      if (fail) throw new TransferError(0, "Network Error");
      return done.key;
    };
    await expect(uploadInParts(source(2), null, deps, () => {}, new AbortController().signal, flaky)).rejects.toThrow("Network Error");
    expect(await store.all()).toHaveLength(1);
    fail = false;
    storage.log = [];
    await uploadInParts(source(2), null, deps, () => {}, new AbortController().signal, flaky);
    expect(puts(storage.log)).toEqual([]);
    expect(await store.all()).toEqual([]);
  });
});
