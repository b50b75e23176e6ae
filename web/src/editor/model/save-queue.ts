// The save queue of the transcript editor (docs/product.md#transcript-editor "Save status" and
// "Save queue"): edits are applied optimistically by the model and queued
// here; the queue sends them one at a time, in order, retries what failed on
// the way, drops what the server refused, and keeps the unsent ones in this
// tab's record (tab-records.ts) so a reload or a closed tab loses nothing.
import { newId } from "../../../../common/ids";
import type { OperationResultDto } from "../../../../core/operation-results";
import type { SpeakerDto, TranscriptDto } from "../../../../core/transcript";
import { type EditorOp, opTouches } from "./details-ops";
import { systemClock, type EditorClock } from "../../../../core/clock";

/** docs/product.md#transcript-editor: word edits after a 1 s pause, structure changes after about 50 ms, retry after 100 ms. */
export const SAVE_TIMINGS = {
  wordsDebounceMs: 1_000,
  structureDelayMs: 50,
  firstRetryMs: 100,
  retryFactor: 2,
  maxRetryMs: 30_000,
  /** How long flush() waits while the queue is blocked by transient failures. */
  flushBlockedMs: 10_000,
} as const;

/** One queued operation, as stored and as handed to the transport. */
export interface PendingOp {
  /** Sent as Idempotency-Key: a resend after a lost answer or a reload is applied once. */
  opId: string;
  op: EditorOp;
  enqueuedAt: number;
}

export type PermanentFailure = { kind: "permanent"; status: number; message: string; body?: unknown };
/** What a save answers: an operation's result; a speaker or the transcript's details for their edits. */
export interface SavedResult extends OperationResultDto {
  speaker?: SpeakerDto;
  transcript?: TranscriptDto;
}
export type SendOutcome = { kind: "ok"; result: SavedResult } | { kind: "transient"; reason: string } | PermanentFailure;
export type SendOp = (pending: PendingOp) => Promise<SendOutcome>;

/**
 * What a failed request means for the queue. 0 (network error, timeout), 408,
 * 429 and 5xx are worth retrying. 401 is retried too: the session ended (the
 * client signs out), the edit itself was not refused and stays stored until
 * the user is back. Every other 4xx (400, 403, 404, 409, 422…) is a refusal.
 * Anything outside 4xx is unexpected and treated as transient.
 */
export function classifyFailure(status: number): "transient" | "permanent" {
  if (status === 0 || status === 401 || status === 408 || status === 429) return "transient";
  return status >= 400 && status < 500 ? "permanent" : "transient";
}

export type SaveState = "synced" | "pending" | "error";
export interface SaveStatus {
  state: SaveState;
  /** Operations not yet acknowledged, including the one in flight. */
  pending: number;
}

/** Spec: 'Saved', 'Saving (n)', 'Save Error'. */
export function saveStatusLabel(status: SaveStatus): string {
  switch (status.state) {
    case "synced":
      return "Saved";
    case "pending":
      return `Saving (${status.pending})`;
    case "error":
      return "Save Error";
  }
}

/**
 * Operations that set a state (the words of an utterance, its speaker) can be
 * replaced by a newer one of the same kind: only the last state matters. A
 * split or merge is a step, not a state: two splits of one utterance are two
 * different changes, so they are never coalesced (null).
 */
export function coalesceKey(op: EditorOp): string | null {
  if (op.type === "update_words" || op.type === "set_speaker") return `${op.type}:${op.utteranceId}`;
  if (op.type === "update_speaker") return `${op.type}:${op.speakerId}`;
  if (op.type === "set_field") return `${op.type}:${op.field}`;
  return null;
}

/** How long an operation waits before it may be sent. */
export function sendDelay(op: EditorOp): number {
  return op.type === "update_words" ? SAVE_TIMINGS.wordsDebounceMs : SAVE_TIMINGS.structureDelayMs;
}

/** The wait before the n-th retry (n ≥ 1): 100 ms, 200 ms, 400 ms… capped at 30 s. */
export function retryDelay(failures: number): number {
  const ms = SAVE_TIMINGS.firstRetryMs * SAVE_TIMINGS.retryFactor ** Math.max(0, failures - 1);
  return Math.min(ms, SAVE_TIMINGS.maxRetryMs);
}

const SPEAKER_STATS_OPS = new Set<EditorOp["type"]>(["set_speaker", "split", "merge", "replace_all", "merge_speakers"]);

/** Where a queue keeps its unsent operations (this tab's record of the file). */
export interface QueueRecord {
  /** What an earlier page left for this queue; read once, before anything is stored. */
  load(): Promise<PendingOp[]>;
  /** Replaces the stored operations (an empty list removes them). */
  save(ops: readonly PendingOp[]): Promise<void>;
}

export interface SaveQueueOptions {
  send: SendOp;
  /** Without a record nothing survives a reload. */
  record?: QueueRecord;
  clock?: EditorClock;
  newId?: () => string;
  /** After each success: clear edit flags unless changed later, apply the server's utterances. */
  onSaved?: (pending: PendingOp, result: SavedResult) => void;
  /**
   * The server refused the operation; it was dropped. Tell the user and reload the utterance.
   * True: the refusal was taken care of (a word conflict shown at its utterance), so the status shows no error for it.
   */
  onRejected?: (pending: PendingOp, failure: PermanentFailure) => unknown;
  /** The queue emptied after at least one operation completed: refresh the edit history. */
  onDrained?: () => void;
  /** A set_speaker, split, merge or replace all was saved: refresh the speaker statistics. */
  onSpeakerStatsStale?: () => void;
  onStoreError?: (error: unknown) => void;
}

interface Entry {
  pending: PendingOp;
  /** Not sent before this time (debounce). */
  readyAt: number;
  /** Handed to the transport at least once (or restored: it may have been): never replaced. */
  attempted: boolean;
}

interface FlushWaiter {
  resolve: (drained: boolean) => void;
  timeoutMs: number;
  blockedTimer: unknown;
}

/**
 * One operation in flight at a time, strictly in order. A transient failure
 * keeps the operation at the head and retries it with backoff (never dropped);
 * a refusal drops it and the queue goes on. Versions are not its business:
 * the transport sends those the store last confirmed (docs/decisions/008).
 */
export class SaveQueue {
  private readonly clock: EditorClock;
  private readonly newId: () => string;
  private entries: Entry[] = [];
  private inFlight: Entry | null = null;
  private timer: unknown = null;
  private failures = 0;
  private retryAt = 0;
  private rejectedSinceSuccess = false;
  private completedSinceDrain = false;
  private loaded: boolean;
  private readonly loading: Promise<PendingOp[]>;
  private persisting: Promise<void> = Promise.resolve();
  private disposed = false;
  private readonly listeners = new Set<(status: SaveStatus) => void>();
  private status: SaveStatus = { state: "synced", pending: 0 };
  private waiters: FlushWaiter[] = [];

  constructor(private readonly options: SaveQueueOptions) {
    this.clock = options.clock ?? systemClock;
    this.newId = options.newId ?? newId;
    const record = options.record;
    if (record) {
      this.loaded = false;
      this.loading = record.load().then(
        (ops) => this.finishLoading(ops),
        (error: unknown) => {
          this.options.onStoreError?.(error);
          return this.finishLoading([]);
        },
      );
    } else {
      this.loaded = true;
      this.loading = Promise.resolve([]);
    }
  }

  /**
   * The operations stored by an earlier page, in order, now queued ahead of
   * anything enqueued since; the model re-applies them optimistically. Nothing
   * is sent or stored before they are loaded.
   */
  restore(): Promise<PendingOp[]> {
    return this.loading;
  }

  enqueue(op: EditorOp): PendingOp {
    const now = this.clock.now();
    const pending: PendingOp = { opId: this.newId(), op, enqueuedAt: now };
    const readyAt = this.waiters.length > 0 ? now : now + sendDelay(op);
    // Replace all goes out at once, after the unsaved edits queued before it: those wait no longer either.
    if (op.type === "replace_all") for (const entry of this.entries) entry.readyAt = Math.min(entry.readyAt, now);
    const index = this.replaceableIndex(op);
    if (index >= 0) {
      this.entries[index] = { pending, readyAt, attempted: false };
      this.changed();
      return pending;
    }
    this.entries.push({ pending, readyAt, attempted: false });
    this.changed();
    return pending;
  }

  /**
   * Operations another tab left unsent (it closed): queued behind those here, sent
   * as they are (never coalesced: they may have reached the server), and stored in
   * this queue's record; resolves once stored, rejects if the queue is closed or
   * the store fails (the other tab's record must then stay).
   */
  adopt(ops: readonly PendingOp[]): Promise<void> {
    if (!this.loaded) return this.loading.then(() => this.adopt(ops));
    if (this.disposed) return Promise.reject(new Error("The file was closed"));
    const known = new Set(this.entries.map((entry) => entry.pending.opId));
    const now = this.clock.now();
    for (const pending of ops) {
      if (known.has(pending.opId)) continue;
      known.add(pending.opId);
      this.entries.push({ pending, readyAt: now, attempted: true });
    }
    const stored = this.persist();
    this.changed(false);
    return stored;
  }

  /** Whether operations wait to be acknowledged (queued, in flight, or left by a closed file). */
  hasUnsent(): boolean {
    return this.entries.length > 0;
  }

  /** Sends at once the operations waiting for their debounce and resolves when the queue is empty
   * (true), or false when it stays blocked by transient failures for `blockedTimeoutMs`. */
  async flush(blockedTimeoutMs: number = SAVE_TIMINGS.flushBlockedMs): Promise<boolean> {
    await this.loading;
    if (this.disposed) return false;
    if (this.entries.length === 0) return true;
    const now = this.clock.now();
    for (const entry of this.entries) entry.readyAt = Math.min(entry.readyAt, now);
    if (this.failures > 0) this.retryAt = now;
    const drained = new Promise<boolean>((resolve) => {
      this.waiters.push({ resolve, timeoutMs: blockedTimeoutMs, blockedTimer: null });
    });
    this.updateWaiters();
    this.pump();
    return drained;
  }

  /** Retries a failing operation now (e.g. on the `online` event) instead of after its backoff. */
  retryNow(): void {
    if (this.failures === 0 || this.inFlight) return;
    this.retryAt = this.clock.now();
    this.pump();
  }

  /** Whether unsaved operations (queued or in flight) touch the utterance: a reload must not overwrite it. */
  pendingFor(utteranceId: string): boolean {
    return this.entries.some((entry) => opTouches(entry.pending.op).includes(utteranceId));
  }

  /** Whether an unsaved operation matches (e.g. names a speaker). */
  pendingWhere(test: (op: EditorOp) => boolean): boolean {
    return this.entries.some((entry) => test(entry.pending.op));
  }

  /**
   * Rewrites every unsaved operation (a created speaker's id, once the server gave it,
   * in the operations queued behind its creation) and stores the result.
   */
  rewrite(map: (op: EditorOp) => EditorOp): void {
    let changed = false;
    for (const entry of this.entries) {
      const op = map(entry.pending.op);
      if (op === entry.pending.op) continue;
      entry.pending = { ...entry.pending, op };
      changed = true;
    }
    if (changed) this.persist();
  }

  /** The unacknowledged operations, in sending order. */
  snapshot(): PendingOp[] {
    return this.entries.map((entry) => entry.pending);
  }

  getStatus(): SaveStatus {
    return this.status;
  }

  subscribe(listener: (status: SaveStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the latest change of the pending list is written to the store. */
  whenPersisted(): Promise<void> {
    // Nothing is stored before the stored operations are loaded: then what changed meanwhile is.
    return this.loading.then(() => this.persisting);
  }

  /** Stops the timers. An answer still on its way is recorded in the store, nothing more is sent. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    for (const waiter of this.waiters.splice(0)) {
      if (waiter.blockedTimer !== null) this.clock.clearTimeout(waiter.blockedTimer);
      waiter.resolve(false);
    }
    this.listeners.clear();
  }

  // ---------------------------------------------------------------- internals

  private finishLoading(stored: PendingOp[]): PendingOp[] {
    const known = new Set(this.entries.map((entry) => entry.pending.opId));
    const restored = stored.filter((pending) => !known.has(pending.opId));
    const now = this.clock.now();
    const enqueuedMeanwhile = this.entries.length > 0;
    this.entries = [...restored.map((pending) => ({ pending, readyAt: now, attempted: true })), ...this.entries];
    this.loaded = true;
    if (!this.disposed) {
      if (enqueuedMeanwhile) this.persist();
      this.changed(false);
    }
    return restored;
  }

  /** The index of the pending operation `op` replaces, or -1 to append. */
  private replaceableIndex(op: EditorOp): number {
    const key = coalesceKey(op);
    if (key === null) return -1;
    const ids = opTouches(op);
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!;
      // The newest queued operation touching this utterance decides.
      if (!opTouches(entry.pending.op).some((id) => ids.includes(id))) continue;
      const replaceable = coalesceKey(entry.pending.op) === key && !entry.attempted && entry !== this.inFlight;
      return replaceable ? i : -1;
    }
    return -1;
  }

  private changed(store = true): void {
    if (store) this.persist();
    this.emitStatus();
    this.updateWaiters();
    this.pump();
  }

  private pump(): void {
    this.clearTimer();
    if (this.disposed || !this.loaded || this.inFlight) return;
    const head = this.entries[0];
    if (!head) return;
    const now = this.clock.now();
    const due = this.failures > 0 ? Math.max(this.retryAt, head.readyAt) : head.readyAt;
    if (due > now) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        this.pump();
      }, due - now);
      return;
    }
    void this.sendHead(head);
  }

  private async sendHead(entry: Entry): Promise<void> {
    this.inFlight = entry;
    entry.attempted = true;
    let outcome: SendOutcome;
    try {
      outcome = await this.options.send(entry.pending);
    } catch (error) {
      outcome = { kind: "transient", reason: error instanceof Error ? error.message : String(error) };
    }
    this.inFlight = null;

    if (outcome.kind === "transient") {
      if (this.disposed) return;
      this.failures++;
      this.retryAt = this.clock.now() + retryDelay(this.failures);
      this.changed(false);
      return;
    }

    this.remove(entry);
    this.failures = 0;
    this.rejectedSinceSuccess = outcome.kind !== "ok";
    this.persist();
    if (this.disposed) return;
    this.completedSinceDrain = true;
    this.emitStatus();
    if (outcome.kind === "ok") {
      this.call(() => this.options.onSaved?.(entry.pending, outcome.result));
      if (SPEAKER_STATS_OPS.has(entry.pending.op.type)) this.call(() => this.options.onSpeakerStatsStale?.());
    } else {
      let settled = false;
      this.call(() => {
        settled = this.options.onRejected?.(entry.pending, outcome) === true;
      });
      // A refusal taken care of where it happened (a word conflict shown at its utterance) is no save error.
      if (settled) {
        this.rejectedSinceSuccess = false;
        this.emitStatus();
      }
    }
    if (this.entries.length === 0 && this.completedSinceDrain) {
      this.completedSinceDrain = false;
      this.call(() => this.options.onDrained?.());
    }
    this.updateWaiters();
    this.pump();
  }

  private remove(entry: Entry): void {
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
  }

  /** Stores the pending list; the returned promise rejects if storing fails (reported too). */
  private persist(): Promise<void> {
    const record = this.options.record;
    if (!record || !this.loaded) return Promise.resolve();
    const saved = record.save(this.snapshot());
    this.persisting = saved.catch((error: unknown) => {
      this.options.onStoreError?.(error);
    });
    return saved;
  }

  private computeStatus(): SaveStatus {
    const pending = this.entries.length;
    if (this.failures > 0) return { state: "error", pending };
    if (pending > 0) return { state: "pending", pending };
    return { state: this.rejectedSinceSuccess ? "error" : "synced", pending };
  }

  private emitStatus(): void {
    const next = this.computeStatus();
    if (next.state === this.status.state && next.pending === this.status.pending) return;
    this.status = next;
    for (const listener of [...this.listeners]) this.call(() => listener(next));
  }

  /** Resolves flushes once empty; starts their blocked timers while the head keeps failing. */
  private updateWaiters(): void {
    if (this.waiters.length === 0) return;
    if (this.entries.length === 0 && this.loaded) {
      for (const waiter of this.waiters.splice(0)) {
        if (waiter.blockedTimer !== null) this.clock.clearTimeout(waiter.blockedTimer);
        waiter.resolve(true);
      }
      return;
    }
    for (const waiter of this.waiters) {
      if (this.failures > 0 && waiter.blockedTimer === null) {
        waiter.blockedTimer = this.clock.setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(false);
        }, waiter.timeoutMs);
      } else if (this.failures === 0 && waiter.blockedTimer !== null) {
        this.clock.clearTimeout(waiter.blockedTimer);
        waiter.blockedTimer = null;
      }
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** A throwing callback must not stop the queue. */
  private call(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      console.error(error);
    }
  }
}
