// One export button's life (docs/product.md#states, Export): idle → requesting →
// pending ("Queuing") → processing ("Generating") → completed ("Downloading",
// then the browser downloads the file) or failed ("X Failed"; "Failed" when the
// export itself failed). Polls every 5 s, at most 60 times, then gives up, logs
// a timeout and returns to idle. Plain TypeScript with an injected clock and
// transport, so every rule is tested without a browser.
import { EXPORT_POLL, type ExportDto, type ExportFormat, type ExportOptions } from "../../../common/exports";
import type { EditorClock } from "../../../core/clock";

export type ExportPhase = "idle" | "requesting" | "pending" | "processing" | "completed" | "failed";

export interface ExportButtonState {
  phase: ExportPhase;
  /** The export's own status was failed (label "Failed"), not the request (label "X Failed"). */
  exportFailed: boolean;
  exportId: string | null;
}

export interface ExportTransport {
  request(format: ExportFormat, options: ExportOptions): Promise<ExportDto>;
  get(id: string): Promise<ExportDto>;
  download(id: string): Promise<{ download_url: string; filename: string }>;
}

export interface ExportFlowOptions {
  transport: ExportTransport;
  clock: EditorClock;
  /** Starts the browser's download of a link. */
  saveFile(url: string, filename: string): void;
  /** The export was downloaded by this button. */
  onDownloaded?: (exportId: string) => void;
  log?: (message: string, detail?: unknown) => void;
}

/** How long "Downloading" and the failure labels stay before the button is idle again. */
export const SETTLE_MS = { downloaded: 2_000, failed: 4_000 } as const;

const IDLE: ExportButtonState = { phase: "idle", exportFailed: false, exportId: null };

export function exportButtonLabel(state: ExportButtonState, idleLabel: string): string {
  switch (state.phase) {
    case "idle":
      return idleLabel;
    case "requesting":
      return "Requesting...";
    case "pending":
      return "Queuing";
    case "processing":
      return "Generating";
    case "completed":
      return "Downloading";
    case "failed":
      return state.exportFailed ? "Failed" : "X Failed";
  }
}

export class ExportFlow {
  private state: ExportButtonState = IDLE;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private polls = 0;
  /** Bumped on every start and dispose: answers for an older run are ignored. */
  private run = 0;
  private readonly log: (message: string, detail?: unknown) => void;

  constructor(private readonly options: ExportFlowOptions) {
    this.log = options.log ?? ((message, detail) => console.error(message, detail));
  }

  getState = (): ExportButtonState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Busy while an export is on its way; a new one starts only from idle or after a failure. */
  get busy(): boolean {
    return this.state.phase !== "idle" && this.state.phase !== "failed";
  }

  async start(format: ExportFormat, exportOptions: ExportOptions): Promise<void> {
    if (this.busy) return;
    const run = this.begin();
    this.set({ phase: "requesting", exportFailed: false, exportId: null });
    let created: ExportDto;
    try {
      created = await this.options.transport.request(format, exportOptions);
    } catch (error) {
      if (run !== this.run) return;
      this.log("Export request failed", error);
      this.fail(false);
      return;
    }
    if (run !== this.run) return;
    this.polls = 0;
    await this.apply(created, run);
  }

  /** The live channel says an export finished: no need to wait for the next poll. Whether this button downloads it. */
  completed(exportId: string): boolean {
    if (this.state.exportId !== exportId) return false;
    if (this.state.phase === "completed") return true;
    if (this.state.phase !== "pending" && this.state.phase !== "processing") return false;
    this.clearTimer();
    void this.poll(this.run);
    return true;
  }

  /** Stops polling and timers; subscribers stay (React unsubscribes them itself). */
  dispose(): void {
    this.run++;
    this.clearTimer();
  }

  private begin(): number {
    this.clearTimer();
    return ++this.run;
  }

  private async apply(row: ExportDto, run: number): Promise<void> {
    switch (row.status) {
      case "pending":
      case "processing":
        this.set({ phase: row.status, exportFailed: false, exportId: row.id });
        this.schedulePoll(run);
        return;
      case "failed":
        this.log("Export failed", row.error);
        this.set({ ...this.state, exportId: row.id });
        this.fail(true);
        return;
      case "completed":
        this.set({ phase: "completed", exportFailed: false, exportId: row.id });
        await this.download(row.id, run);
        return;
    }
  }

  private schedulePoll(run: number): void {
    this.clearTimer();
    if (this.polls >= EXPORT_POLL.maxPolls) {
      this.log(`Export timed out after ${EXPORT_POLL.maxPolls} status checks`);
      this.set(IDLE);
      return;
    }
    this.timer = this.options.clock.setTimeout(() => void this.poll(run), EXPORT_POLL.intervalMs);
  }

  private async poll(run: number): Promise<void> {
    this.timer = null;
    const id = this.state.exportId;
    if (run !== this.run || !id) return;
    this.polls++;
    let row: ExportDto;
    try {
      row = await this.options.transport.get(id);
    } catch (error) {
      if (run !== this.run) return;
      // A failed check counts as a poll; the export may still finish.
      this.log("Export status check failed", error);
      this.schedulePoll(run);
      return;
    }
    if (run === this.run) await this.apply(row, run);
  }

  private async download(id: string, run: number): Promise<void> {
    try {
      const { download_url, filename } = await this.options.transport.download(id);
      if (run !== this.run) return;
      this.options.saveFile(download_url, filename);
      this.options.onDownloaded?.(id);
      this.settle(SETTLE_MS.downloaded, run);
    } catch (error) {
      if (run !== this.run) return;
      this.log("Export download failed", error);
      this.fail(false);
    }
  }

  private fail(exportFailed: boolean): void {
    this.set({ ...this.state, phase: "failed", exportFailed });
    this.settle(SETTLE_MS.failed, this.run);
  }

  private settle(ms: number, run: number): void {
    this.clearTimer();
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      if (run === this.run) this.set(IDLE);
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(next: ExportButtonState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
