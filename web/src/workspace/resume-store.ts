// Where an upload in parts keeps what it needs to resume (its id, key and the parts
// already stored), so a lost connection or a page reload loses at most the parts in
// flight: IndexedDB in the browser, a Map in tests.
import { createStore, del, entries, get, set, type UseStore } from "idb-keyval";
import type { MultipartUploadDto } from "../../../common/multipart";

export interface ResumeRecord {
  /** Bumped when the stored shape changes; records of another version are ignored. */
  v: 1;
  fingerprint: string;
  name: string;
  size: number;
  folderId: string | null;
  upload: MultipartUploadDto;
  /** Part number → ETag of every part storage has accepted. */
  parts: Record<number, string>;
}

export interface ResumeStore {
  get(fingerprint: string): Promise<ResumeRecord | undefined>;
  put(record: ResumeRecord): Promise<void>;
  remove(fingerprint: string): Promise<void>;
  all(): Promise<ResumeRecord[]>;
}

/** The same file chosen again (after a reload it is a new File object): name, size and modification time. */
export const fingerprintOf = (file: { name: string; size: number; lastModified: number }) =>
  `${file.name}\n${file.size}\n${file.lastModified}`;

const isRecord = (value: unknown): value is ResumeRecord =>
  !!value && typeof value === "object" && (value as ResumeRecord).v === 1 && typeof (value as ResumeRecord).upload?.upload_id === "string";

/** Records still within their upload's validity. */
const live = (record: ResumeRecord, now: number) => Date.parse(record.upload.expires_at) > now;

export function idbResumeStore(store: UseStore = createStore("transcribe-uploads", "resumable")): ResumeStore {
  return {
    async get(fingerprint) {
      const value = await get(fingerprint, store);
      return isRecord(value) && live(value, Date.now()) ? value : undefined;
    },
    put: (record) => set(record.fingerprint, record, store),
    remove: (fingerprint) => del(fingerprint, store),
    async all() {
      const now = Date.now();
      const records = (await entries(store)).map(([, value]) => value).filter(isRecord);
      // Expired ones can never resume (the server removed them): forget them.
      await Promise.all(records.filter((r) => !live(r, now)).map((r) => del(r.fingerprint, store)));
      return records.filter((r) => live(r, now));
    },
  };
}

/** For tests and where IndexedDB is missing: nothing survives a reload. */
export function memoryResumeStore(): ResumeStore {
  const map = new Map<string, ResumeRecord>();
  return {
    get: async (fingerprint) => structuredClone(map.get(fingerprint)),
    put: async (record) => void map.set(record.fingerprint, structuredClone(record)),
    remove: async (fingerprint) => void map.delete(fingerprint),
    all: async () => [...map.values()].map((r) => structuredClone(r)),
  };
}
