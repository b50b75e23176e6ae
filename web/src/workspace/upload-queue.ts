// The uploads in flight: one queue per workspace, in plain TypeScript with the
// transfer and the clock injected, so the view only renders its state. At most a
// few files go at once; each can be cancelled, and a failed one retried (an upload
// in parts resumes from its last stored part).
import { proxy } from "valtio";
import type { AudioFileDto } from "../../../common/library";
import { systemClock, type EditorClock } from "../../../core/clock";
import { addSample, bytesPerSecond, describeRate, type RateSample } from "./upload-rate";

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  progress: number;
  state: "waiting" | "uploading" | "done" | "failed";
  error: string | null;
  /** "12.5 MB/s · 1 min 20 s left" while known, else "". */
  rate: string;
}

/** An upload in parts remembered from an earlier page: the same file chosen again resumes it. */
export interface ResumableUpload {
  fingerprint: string;
  name: string;
  size: number;
  progress: number;
}

/** `Target` is where a file goes (its folder, and its workspace), fixed when it is queued. */
export interface UploadTransport<Target = string | null> {
  upload(file: File, target: Target, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<AudioFileDto>;
  uploaded(file: AudioFileDto, name: string): void;
  failed(name: string, reason: string): void;
  describe(error: unknown): string;
  /** A cancelled transfer rejects with this kind of error; it is not a failure. */
  isCancel?(error: unknown): boolean;
  /** Uploads remembered from an earlier page, and forgetting one (its upload aborted). */
  resumable?(): Promise<ResumableUpload[]>;
  discard?(fingerprint: string): Promise<void>;
  fingerprint?(file: File): string;
}

/** How long a finished upload stays in the list. */
export const DONE_VISIBLE_MS = 4000;
/** Files sent at once; the others wait their turn. */
export const FILES_IN_FLIGHT = 3;

interface Job<Target> {
  file: File;
  target: Target;
  controller: AbortController | null;
  samples: RateSample[];
  settled: () => void;
}

export class UploadQueue<Target = string | null> {
  readonly state = proxy<{ items: UploadItem[]; resumable: ResumableUpload[] }>({ items: [], resumable: [] });
  private nextId = 1;
  private readonly jobs = new Map<number, Job<Target>>();

  constructor(
    private readonly transport: UploadTransport<Target>,
    private readonly clock: EditorClock = systemClock,
  ) {}

  /**
   * Queues the files; at most FILES_IN_FLIGHT transfer at once, each reporting its own
   * progress and outcome. `problemOf` says why a file cannot go. Resolves when all have settled.
   */
  async add(files: File[], target: Target, problemOf: (file: File) => string | null): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const file of files) {
      const id = this.nextId++;
      const problem = problemOf(file);
      this.state.items.push({
        id,
        name: file.name,
        size: file.size,
        progress: 0,
        state: problem ? "failed" : "waiting",
        error: problem,
        rate: "",
      });
      if (problem) {
        this.transport.failed(file.name, problem);
        continue;
      }
      const fingerprint = this.transport.fingerprint?.(file);
      if (fingerprint) this.state.resumable = this.state.resumable.filter((r) => r.fingerprint !== fingerprint);
      waits.push(new Promise((settled) => this.jobs.set(id, { file, target, controller: null, samples: [], settled })));
    }
    this.pump();
    await Promise.all(waits);
  }

  /** Whether anything is still to send (the page warns before it is left). */
  get busy(): boolean {
    return this.state.items.some((i) => i.state === "waiting" || i.state === "uploading");
  }

  dismiss(id: number): void {
    this.state.items = this.state.items.filter((i) => i.id !== id);
    const job = this.jobs.get(id);
    this.jobs.delete(id);
    job?.settled();
  }

  /** Stops a file: a waiting one never starts, a running one is aborted on the server too. */
  cancel(id: number): void {
    const job = this.jobs.get(id);
    if (job?.controller) job.controller.abort();
    else this.dismiss(id);
  }

  /** Tries a failed file again (an upload in parts resumes where it stopped). */
  retry(id: number): void {
    const item = this.item(id);
    if (item?.state !== "failed" || !this.jobs.has(id)) return;
    Object.assign(item, { state: "waiting", error: null, rate: "" });
    this.pump();
  }

  /** Tries again every file that failed in transfer (when the connection comes back). */
  retryFailed(): void {
    for (const item of this.state.items) if (item.state === "failed") this.retry(item.id);
  }

  /** Loads the uploads an earlier page left unfinished. */
  async loadResumable(): Promise<void> {
    const found = (await this.transport.resumable?.()) ?? [];
    const running = new Set([...this.jobs.values()].map((j) => this.transport.fingerprint?.(j.file)));
    this.state.resumable = found.filter((r) => !running.has(r.fingerprint));
  }

  /** Gives up a remembered upload: aborted on the server, nothing left in storage. */
  async discard(fingerprint: string): Promise<void> {
    await this.transport.discard?.(fingerprint);
    this.state.resumable = this.state.resumable.filter((r) => r.fingerprint !== fingerprint);
  }

  private item(id: number): UploadItem | undefined {
    return this.state.items.find((i) => i.id === id);
  }

  private pump(): void {
    let running = this.state.items.filter((i) => i.state === "uploading").length;
    for (const item of this.state.items) {
      if (running >= FILES_IN_FLIGHT) break;
      if (item.state !== "waiting") continue;
      running++;
      void this.run(item.id);
    }
  }

  private async run(id: number): Promise<void> {
    const job = this.jobs.get(id);
    const item = this.item(id);
    if (!job || !item) return;
    const controller = new AbortController();
    job.controller = controller;
    job.samples = [];
    item.state = "uploading";
    try {
      const created = await this.transport.upload(
        job.file,
        job.target,
        (fraction) => {
          item.progress = fraction;
          const sent = fraction * job.file.size;
          job.samples = addSample(job.samples, this.clock.now(), sent);
          item.rate = describeRate(bytesPerSecond(job.samples), job.file.size - sent);
        },
        controller.signal,
      );
      Object.assign(item, { state: "done", progress: 1, rate: "" });
      this.jobs.delete(id);
      job.settled();
      this.transport.uploaded(created, job.file.name);
      this.clock.setTimeout(() => this.dismiss(id), DONE_VISIBLE_MS);
    } catch (error) {
      job.controller = null;
      if (controller.signal.aborted || this.transport.isCancel?.(error)) {
        this.dismiss(id);
      } else {
        const reason = this.transport.describe(error);
        Object.assign(item, { state: "failed", error: reason, rate: "" });
        this.transport.failed(job.file.name, reason);
        // A failed file can be retried: its promise settles now, for whoever awaited add().
        job.settled();
      }
    } finally {
      this.pump();
    }
  }
}
