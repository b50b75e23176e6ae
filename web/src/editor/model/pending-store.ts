// Where the save queue keeps its unacknowledged operations, so that a reload
// (or a crash, or a closed laptop) loses no edit: IndexedDB in the browser, a
// Map in tests. One record per user, file and tab (decision 035): two tabs of
// one file never overwrite each other's list, and one account never sees another's.
import { createStore, del, get, promisifyRequest, set, type UseStore } from "idb-keyval";
import { DETAILS_OP_TYPES } from "./details-ops";
import type { PendingOp } from "./save-queue";

/** Whose unsent operations a record holds: one user's, of one file, in one tab. */
export interface PendingKey {
  user: string;
  file: string;
  tab: string;
}

/** One tab's stored operations of a file. */
export interface TabRecord {
  tab: string;
  ops: PendingOp[];
}

export interface PendingStore {
  /** The stored operations of a record, in order; [] when none. */
  load(key: PendingKey): Promise<PendingOp[]>;
  /** Replaces the stored operations of a record (an empty list removes it). */
  save(key: PendingKey, ops: readonly PendingOp[]): Promise<void>;
  /** Every tab's non-empty record of the user's file. */
  records(user: string, file: string): Promise<TabRecord[]>;
}

/**
 * The tab named for a record of the first version, kept under the file's id alone (no user,
 * no tab): it is taken over like a closed tab's. Only the file's owner opens its editor.
 */
export const EARLIER_VERSION_TAB = "";

/** Bumped when the stored shape changes: records of another version are ignored (the first version's are taken over). */
const RECORD_VERSION = 2;
const FIRST_VERSION = 1;

interface StoredRecord extends PendingKey {
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

/** The record's operations, if it is of this version and of this key (else none). */
function opsOf(record: unknown, key: PendingKey): PendingOp[] {
  if (!record || typeof record !== "object") return [];
  const r = record as Partial<StoredRecord>;
  if (!Array.isArray(r.ops)) return [];
  const ours =
    key.tab === EARLIER_VERSION_TAB
      ? r.v === FIRST_VERSION
      : r.v === RECORD_VERSION && r.user === key.user && r.file === key.file && r.tab === key.tab;
  return ours ? r.ops.filter(isPendingOp) : [];
}

const laneOf = (key: PendingKey) => JSON.stringify([key.user, key.file, key.tab]);

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

  protected abstract read(key: PendingKey): Promise<unknown>;
  protected abstract write(key: PendingKey, record: StoredRecord | null): Promise<void>;
  /** The stored records that may be the user's file's (each is checked against its key). */
  protected abstract readAll(user: string, file: string): Promise<unknown[]>;

  async load(key: PendingKey): Promise<PendingOp[]> {
    await this.idle(laneOf(key));
    return opsOf(await this.read(key), key);
  }

  async records(user: string, file: string): Promise<TabRecord[]> {
    await Promise.all([...this.lanes.keys()].map((lane) => this.idle(lane)));
    const found: TabRecord[] = [];
    for (const record of await this.readAll(user, file)) {
      const tab = (record as Partial<StoredRecord> | null)?.tab ?? EARLIER_VERSION_TAB;
      const ops = typeof tab === "string" ? opsOf(record, { user, file, tab }) : [];
      if (ops.length > 0) found.push({ tab: tab as string, ops });
    }
    return found;
  }

  save(key: PendingKey, ops: readonly PendingOp[]): Promise<void> {
    const name = laneOf(key);
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { writing: null, queued: null };
      this.lanes.set(name, lane);
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
    if (!lane.writing) this.pump(name, key, lane);
    return promise;
  }

  /** Resolves once every write of the key issued so far is done. */
  private async idle(name: string): Promise<void> {
    for (;;) {
      const lane = this.lanes.get(name);
      const next = lane?.queued?.promise ?? lane?.writing;
      if (!next) return;
      await next.catch(() => undefined);
    }
  }

  private pump(name: string, key: PendingKey, lane: Lane): void {
    const job = lane.queued;
    if (!job) {
      lane.writing = null;
      if (this.lanes.get(name) === lane) this.lanes.delete(name);
      return;
    }
    lane.queued = null;
    const record = job.ops.length > 0 ? { v: RECORD_VERSION, ...key, ops: job.ops } : null;
    lane.writing = this.write(key, record)
      .then(job.resolve, job.reject)
      .finally(() => this.pump(name, key, lane));
  }
}

/** IndexedDB key of a record: [user, file, tab]; a first-version record is under its file's id. */
const idbKey = (key: PendingKey): IDBValidKey => (key.tab === EARLIER_VERSION_TAB ? key.file : [key.user, key.file, key.tab]);

/** IndexedDB, in a database of its own ('transcribe-editor', store 'pending'), one record per user, file and tab. */
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

  protected read(key: PendingKey): Promise<unknown> {
    return get(idbKey(key), this.db);
  }

  protected write(key: PendingKey, record: StoredRecord | null): Promise<void> {
    return record ? set(idbKey(key), record, this.db) : del(idbKey(key), this.db);
  }

  /** The keys [user, file, …] (an array sorts after every string), and the file's first-version record. */
  protected async readAll(user: string, file: string): Promise<unknown[]> {
    const range = IDBKeyRange.bound([user, file], [user, file, []]);
    const [records, earlier] = await Promise.all([
      this.db("readonly", (store) => promisifyRequest(store.getAll(range))),
      this.read({ user, file, tab: EARLIER_VERSION_TAB }),
    ]);
    return earlier ? [...records, { ...(earlier as object), tab: EARLIER_VERSION_TAB }] : records;
  }
}

/** In memory, cloned like IndexedDB clones: for tests and browsers without IndexedDB. */
export class MemoryPendingStore extends SerializedStore {
  readonly stored = new Map<string, StoredRecord>();
  /** Counts the writes that reached the store. */
  writes = 0;

  protected read(key: PendingKey): Promise<unknown> {
    return Promise.resolve(structuredClone(this.stored.get(laneOf(key))));
  }

  protected write(key: PendingKey, record: StoredRecord | null): Promise<void> {
    this.writes++;
    if (record) this.stored.set(laneOf(key), structuredClone(record));
    else this.stored.delete(laneOf(key));
    return Promise.resolve();
  }

  protected readAll(user: string, file: string): Promise<unknown[]> {
    return Promise.resolve([...this.stored.values()].filter((r) => r.user === user && r.file === file).map((r) => structuredClone(r)));
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
