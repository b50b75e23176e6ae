// Where the save queue keeps its unacknowledged operations, so that a reload
// (or a crash, or a closed laptop) loses no edit: IndexedDB in the browser, a
// Map in tests.
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { DETAILS_OP_TYPES } from "./details-ops";
import type { PendingOp } from "./save-queue";

export interface PendingStore {
  /** The stored operations of a file, in order; [] when none. */
  load(fileId: string): Promise<PendingOp[]>;
  /** Replaces the stored operations of a file (an empty list removes them). */
  save(fileId: string, ops: readonly PendingOp[]): Promise<void>;
}

/** Bumped when the stored shape changes; records of another version are ignored. */
const RECORD_VERSION = 1;

interface StoredRecord {
  v: number;
  ops: PendingOp[];
}

const OP_TYPES = new Set(["update_words", "split", "merge", "set_speaker", "replace_all", "merge_speakers", ...DETAILS_OP_TYPES]);

/** Guards against records written by another version of the app. */
export function isPendingOp(value: unknown): value is PendingOp {
  if (!value || typeof value !== "object") return false;
  const candidate = value as Partial<PendingOp>;
  return (
    typeof candidate.opId === "string" &&
    typeof candidate.enqueuedAt === "number" &&
    !!candidate.op &&
    typeof candidate.op === "object" &&
    OP_TYPES.has((candidate.op as { type?: unknown }).type as string)
  );
}

function opsOf(record: unknown): PendingOp[] {
  if (!record || typeof record !== "object") return [];
  const { v, ops } = record as Partial<StoredRecord>;
  if (v !== RECORD_VERSION || !Array.isArray(ops)) return [];
  return ops.filter(isPendingOp);
}

interface Job {
  ops: PendingOp[];
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Lane {
  writing: Promise<void> | null;
  queued: Job | null;
}

/**
 * Writes of one key run one after another, in call order, so the last call
 * always wins. A write that has not started yet is replaced by a newer one
 * (only the latest list matters); both callers wait for the newer write.
 */
abstract class SerializedStore implements PendingStore {
  private readonly lanes = new Map<string, Lane>();

  protected abstract read(key: string): Promise<unknown>;
  protected abstract write(key: string, record: StoredRecord | null): Promise<void>;

  async load(fileId: string): Promise<PendingOp[]> {
    await this.idle(fileId);
    return opsOf(await this.read(fileId));
  }

  save(fileId: string, ops: readonly PendingOp[]): Promise<void> {
    let lane = this.lanes.get(fileId);
    if (!lane) {
      lane = { writing: null, queued: null };
      this.lanes.set(fileId, lane);
    }
    if (lane.queued) {
      lane.queued.ops = [...ops];
      return lane.queued.promise;
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    lane.queued = { ops: [...ops], promise, resolve, reject };
    if (!lane.writing) this.pump(fileId, lane);
    return promise;
  }

  /** Resolves once every write of the key issued so far is done. */
  private async idle(fileId: string): Promise<void> {
    for (;;) {
      const lane = this.lanes.get(fileId);
      const next = lane?.queued?.promise ?? lane?.writing;
      if (!next) return;
      await next.catch(() => undefined);
    }
  }

  private pump(fileId: string, lane: Lane): void {
    const job = lane.queued;
    if (!job) {
      lane.writing = null;
      if (this.lanes.get(fileId) === lane) this.lanes.delete(fileId);
      return;
    }
    lane.queued = null;
    const record = job.ops.length > 0 ? { v: RECORD_VERSION, ops: job.ops } : null;
    lane.writing = this.write(fileId, record)
      .then(job.resolve, job.reject)
      .finally(() => this.pump(fileId, lane));
  }
}

/** IndexedDB, in a database of its own ('transcribe-editor', store 'pending'), one record per file. */
export class IdbPendingStore extends SerializedStore {
  private storeHandle: UseStore | null = null;

  constructor(private readonly dbName = "transcribe-editor") {
    super();
  }

  /** Opened on first use: constructing the store touches no database. */
  private get db(): UseStore {
    this.storeHandle ??= createStore(this.dbName, "pending");
    return this.storeHandle;
  }

  protected read(key: string): Promise<unknown> {
    return get(key, this.db);
  }

  protected write(key: string, record: StoredRecord | null): Promise<void> {
    return record ? set(key, record, this.db) : del(key, this.db);
  }
}

/** In memory, cloned like IndexedDB clones: for tests and browsers without IndexedDB. */
export class MemoryPendingStore extends SerializedStore {
  readonly records = new Map<string, StoredRecord>();
  /** Counts the writes that reached the store. */
  writes = 0;

  protected read(key: string): Promise<unknown> {
    return Promise.resolve(structuredClone(this.records.get(key)));
  }

  protected write(key: string, record: StoredRecord | null): Promise<void> {
    this.writes++;
    if (record) this.records.set(key, structuredClone(record));
    else this.records.delete(key);
    return Promise.resolve();
  }
}

/** IndexedDB when the browser has it, else memory (nothing then survives a reload). */
export function createPendingStore(): PendingStore {
  return typeof indexedDB === "undefined" ? new MemoryPendingStore() : new IdbPendingStore();
}

let shared: PendingStore | null = null;

/**
 * The page's one store: every queue of the page writes through it, so the
 * writes of an editor closing and one opening on the same file stay in order.
 */
export function indexedDbPendingStore(): PendingStore {
  shared ??= createPendingStore();
  return shared;
}
