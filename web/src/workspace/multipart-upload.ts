// An upload in parts, headless: the network calls, the store and the clock are injected.
// A few parts go at once; a failed part is retried with backoff; every stored part is
// remembered, so a new attempt (after a lost connection or a page reload) sends only
// the parts still missing. Cancelling aborts the upload on the server.
import { type MultipartUploadDto, type PartLinkDto, partRange } from "../../../common/multipart";
import { type Random, withJitter } from "../lib/backoff";
import { fingerprintOf, type ResumeRecord, type ResumeStore } from "./resume-store";

/** A refusal or failure of one request; status 0 is a network error. */
export class TransferError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PartsTransport {
  create(file: UploadSource): Promise<MultipartUploadDto>;
  /** The upload as the server knows it; null when it is gone (expired, cancelled elsewhere). */
  status(uploadId: string): Promise<MultipartUploadDto | null>;
  links(uploadId: string, partNumbers: number[]): Promise<PartLinkDto[]>;
  /** PUTs one part; answers its ETag. */
  put(url: string, body: Blob, onProgress: (loadedBytes: number) => void, signal: AbortSignal): Promise<string>;
  complete(uploadId: string, parts: { part_number: number; etag: string }[]): Promise<{ key: string; content_type: string }>;
  abort(uploadId: string): Promise<void>;
}

export interface UploadSource {
  name: string;
  size: number;
  lastModified: number;
  type: string;
  slice(start: number, end: number): Blob;
}

export interface PartsOptions {
  /** Parts sent at once for one file. */
  partsInFlight: number;
  /** Tries per part before the file fails (and can be retried, resuming). */
  attempts: number;
  /** Wait before try `attempt + 1` (1-based). */
  backoffMs(attempt: number): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const PARTS_IN_FLIGHT = 3;
export const PART_ATTEMPTS = 5;
/** About 1 s, 2 s, 4 s, 8 s …, at most 15 s: each between half and all of that (jitter). */
export const backoffMs = (attempt: number, random: Random = Math.random) => withJitter(Math.min(15_000, 1000 * 2 ** (attempt - 1)), random);
/** Links are valid for 15 minutes: older than this, ask again. */
const LINK_FRESH_MS = 10 * 60_000;
const LINKS_PER_REQUEST = 10;

/** The HTTP status of a failed request (0: network), from this module's or the API client's errors. */
export function statusOf(error: unknown): number | null {
  const status = error instanceof Error ? (error as Error & { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : null;
}

/** Worth another try: the network, the server's own trouble, throttling, or an expired link. */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status !== null && (status === 0 || status === 403 || status === 408 || status === 429 || status >= 500);
}

export const abortError = () => new DOMException("The upload was cancelled.", "AbortError");
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export interface PartsDeps {
  transport: PartsTransport;
  store: ResumeStore;
  options: PartsOptions;
  now: () => number;
}

/** What is already stored of a remembered upload, as a fraction. */
export function storedFraction(record: ResumeRecord): number {
  const done = Object.keys(record.parts).reduce((sum, n) => {
    const { start, end } = partRange(Number(n), record.upload.part_size, record.size);
    return sum + (end - start);
  }, 0);
  return record.size > 0 ? done / record.size : 0;
}

/**
 * Sends `file` in parts, resuming a remembered upload of the same file, then calls
 * `confirm` with the joined object's key; the memory of the upload is dropped only
 * once `confirm` succeeds, so a failed confirm can be retried without sending again.
 */
export async function uploadInParts<T>(
  file: UploadSource,
  folderId: string | null,
  deps: PartsDeps,
  onProgress: (loadedBytes: number) => void,
  signal: AbortSignal,
  confirm: (done: { key: string; content_type: string }) => Promise<T>,
): Promise<T> {
  const { transport, store } = deps;
  const fingerprint = fingerprintOf(file);
  let record = await store.get(fingerprint);
  if (record && !(await transport.status(record.upload.upload_id))) {
    await store.remove(fingerprint);
    record = undefined;
  }
  if (!record) {
    const upload = await transport.create(file);
    record = { v: 1, fingerprint, name: file.name, size: file.size, folderId, upload, parts: {} };
    await store.put(record);
  }
  const current = record;
  const uploadId = current.upload.upload_id;
  try {
    if (signal.aborted) throw abortError();
    await sendMissingParts(file, current, deps, onProgress, signal);
    const parts = Object.entries(current.parts).map(([n, etag]) => ({ part_number: Number(n), etag }));
    const done = await transport.complete(uploadId, parts);
    const result = await confirm(done);
    await store.remove(fingerprint);
    return result;
  } catch (error) {
    if (signal.aborted) {
      await cancelUpload(transport, store, current);
      throw abortError();
    }
    // The server no longer has it: resuming is impossible, the next try starts afresh.
    if (statusOf(error) === 404) await store.remove(fingerprint);
    throw error;
  }
}

/** Aborts a remembered upload on the server (nothing is left in storage) and forgets it. */
export async function cancelUpload(transport: PartsTransport, store: ResumeStore, record: ResumeRecord): Promise<void> {
  try {
    await transport.abort(record.upload.upload_id);
  } catch (error) {
    // Already gone (404) is what cancelling wants; anything else is kept to try again.
    if (statusOf(error) !== 404) throw error;
  }
  await store.remove(record.fingerprint);
}

async function sendMissingParts(
  file: UploadSource,
  record: ResumeRecord,
  deps: PartsDeps,
  onProgress: (loadedBytes: number) => void,
  outer: AbortSignal,
): Promise<void> {
  const { transport, store, options, now } = deps;
  const { part_size: partSize, part_count: count, upload_id: uploadId } = record.upload;
  const sizeOf = (n: number) => {
    const { start, end } = partRange(n, partSize, file.size);
    return end - start;
  };
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !record.parts[n]);
  let stored = file.size - missing.reduce((sum, n) => sum + sizeOf(n), 0);
  const inFlight = new Map<number, number>();
  const report = () => onProgress(stored + [...inFlight.values()].reduce((a, b) => a + b, 0));
  report();

  // One failed part stops the others (the file fails and can be retried as a whole).
  const inner = new AbortController();
  const stop = () => inner.abort();
  outer.addEventListener("abort", stop);

  const links = new Map<number, { url: string; at: number }>();
  // One request signs the next few parts; a part whose link is on its way waits for it.
  const requested = new Map<number, Promise<unknown>>();
  const linkFor = async (n: number): Promise<string> => {
    const fresh = () => {
      const cached = links.get(n);
      return cached && now() - cached.at < LINK_FRESH_MS ? cached.url : null;
    };
    const pending = requested.get(n);
    if (pending) await pending;
    const known = fresh();
    if (known) return known;
    const wanted = [n, ...queue.filter((m) => !links.has(m) && !requested.has(m)).slice(0, LINKS_PER_REQUEST - 1)];
    const at = now();
    const request = transport.links(uploadId, wanted).then((answer) => {
      for (const link of answer) links.set(link.part_number, { url: link.url, at });
    });
    for (const m of wanted)
      requested.set(
        m,
        request.catch(() => {}),
      );
    try {
      await request;
    } finally {
      for (const m of wanted) requested.delete(m);
    }
    const url = fresh();
    if (!url) throw new TransferError(0, "No upload link for a part.");
    return url;
  };

  const sendPart = async (n: number) => {
    const { start, end } = partRange(n, partSize, file.size);
    const body = file.slice(start, end);
    for (let attempt = 1; ; attempt++) {
      try {
        const url = await linkFor(n);
        const etag = await transport.put(
          url,
          body,
          (loaded) => {
            inFlight.set(n, loaded);
            report();
          },
          inner.signal,
        );
        inFlight.delete(n);
        stored += end - start;
        record.parts[n] = etag;
        await store.put(record);
        report();
        return;
      } catch (error) {
        inFlight.delete(n);
        report();
        if (inner.signal.aborted) throw abortError();
        if (!isRetryable(error) || attempt >= options.attempts) throw error;
        if (statusOf(error) === 403) links.delete(n);
        await options.sleep(options.backoffMs(attempt), inner.signal);
      }
    }
  };

  const queue = [...missing];
  let failure: unknown = null;
  const worker = async () => {
    while (queue.length && !failure) {
      const n = queue.shift()!;
      try {
        await sendPart(n);
      } catch (error) {
        failure ??= error;
        inner.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.partsInFlight, queue.length) }, worker));
  } finally {
    outer.removeEventListener("abort", stop);
  }
  if (outer.aborted) throw abortError();
  if (failure) throw failure;
}
