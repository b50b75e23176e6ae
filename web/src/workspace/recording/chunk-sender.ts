// A recording's chunks on their way to the server, headless: numbered in the order recorded, sent
// one at a time in that order, each retried with a growing wait while the connection or the
// server is down, so what is saved is always a run from the start. A refusal that retrying
// cannot change (a quota, a finished recording) stops the sending with its reason.
import { systemClock, type EditorClock } from "../../../../core/clock";
import { withJitter } from "../../lib/backoff";

export interface SenderState {
  /** Chunks numbered so far. */
  recorded: number;
  /** Chunks the server has (always 0 … sent − 1). */
  sent: number;
  /** A send failed and is waiting to be tried again. */
  retrying: boolean;
  /** Sending stopped for good with this reason. */
  refused: string | null;
}

/** Sends one chunk; throws an error with a `status` (0: no answer) when it is not stored. */
export type SendChunk = (n: number, chunk: Blob, signal: AbortSignal) => Promise<void>;

/** Waits between tries of the same chunk, the last repeated. */
export const RETRY_WAITS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** Worth another try: no answer, a timeout, too many requests, or the server's own trouble. */
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export class ChunkSender {
  readonly state: SenderState = { recorded: 0, sent: 0, retrying: false, refused: null };
  private readonly queue: { n: number; chunk: Blob }[] = [];
  private sending = false;
  private tries = 0;
  private readonly abort = new AbortController();
  private drained: (() => void)[] = [];

  constructor(
    private readonly send: SendChunk,
    private readonly onChange: (state: SenderState) => void,
    private readonly clock: EditorClock = systemClock,
  ) {}

  /** The next chunk the recorder gave (empty ones carry nothing and are skipped). */
  push(chunk: Blob): void {
    if (chunk.size === 0 || this.abort.signal.aborted) return;
    this.queue.push({ n: this.state.recorded++, chunk });
    this.changed();
    void this.pump();
  }

  /** Chunks recorded but not yet on the server. */
  get backlog(): number {
    return this.state.recorded - this.state.sent;
  }

  /** Resolves once every chunk pushed is sent; rejects when sending was refused. */
  whenSent(): Promise<void> {
    if (this.state.refused) return Promise.reject(new Error(this.state.refused));
    if (this.backlog === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.drained.push(() => (this.state.refused ? reject(new Error(this.state.refused)) : resolve()));
    });
  }

  /** Stops sending (the recording is discarded); a send in flight is abandoned. */
  stop(): void {
    this.abort.abort();
    this.queue.length = 0;
  }

  private changed() {
    this.onChange({ ...this.state });
  }

  private settle() {
    const waiting = this.drained;
    this.drained = [];
    for (const done of waiting) done();
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.queue.length && !this.abort.signal.aborted) {
      const { n, chunk } = this.queue[0]!;
      try {
        await this.send(n, chunk, this.abort.signal);
        this.queue.shift();
        this.tries = 0;
        this.state.sent = n + 1;
        this.state.retrying = false;
        this.changed();
      } catch (error) {
        if (this.abort.signal.aborted) break;
        const status = (error as { status?: number }).status ?? 0;
        if (!retryable(status)) {
          this.state.refused = error instanceof Error ? error.message : String(error);
          this.state.retrying = false;
          this.queue.length = 0;
          this.changed();
          break;
        }
        this.state.retrying = true;
        this.changed();
        const wait = RETRY_WAITS_MS[Math.min(this.tries++, RETRY_WAITS_MS.length - 1)]!;
        await new Promise<void>((resolve) => this.clock.setTimeout(resolve, withJitter(wait)));
      }
    }
    this.sending = false;
    if (this.queue.length === 0) this.settle();
  }
}
