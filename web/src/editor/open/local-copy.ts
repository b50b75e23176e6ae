// This browser's copy of the transcripts opened last, so a file opens at once from it
// while the server's answer is on its way (docs/decisions/030-open-at-once.md). A copy
// only shows: the server's answer always follows and replaces what differs.
// Rules: a record is keyed by user and file and checked against both when read (one
// user never sees another's copy); a record of another shape version is ignored; the
// whole store is emptied on sign-out; at most MAX_COPIES records are kept.
import { clear, createStore, del, get, set, update, type UseStore } from "idb-keyval";
import type { SpeakerDto } from "../../../../core/transcript";
import { clearSavedMarks } from "./saved-marks";

/** Bumped when the stored shape changes (or the compact answer's): older records are ignored. */
export const COPY_FORMAT = 1;
/** About 1.2 MB per 3-hour transcript. */
export const MAX_COPIES = 8;

export interface TranscriptCopy {
  /**
   * The compact utterances answer as JSON text (common/compact-utterances.ts):
   * one string is stored and read far faster than 30,000 word objects.
   */
  utterances: string;
  /** Its first screenful (head.ts), as JSON text too: drawn before the whole is parsed. */
  head: string;
  speakers: SpeakerDto[];
  /**
   * When what it holds was known to be current (the server's answer: when it was asked for;
   * the editor's state: when it was taken). Older than the file's last confirmed save here
   * (saved-marks.ts), it is not shown.
   */
  at: number;
}

interface CopyRecord extends TranscriptCopy {
  v: number;
  user: string;
  file: string;
}

/** The keys of the records, least recently written first. */
const RECENT = "recent";
const keyOf = (user: string, file: string): [string, string] => [user, file];
const sameKey = (a: IDBValidKey, b: [string, string]) => Array.isArray(a) && a[0] === b[0] && a[1] === b[1];

export class LocalCopies {
  private handle: UseStore | null = null;

  constructor(private readonly dbName = "transcribe-copies") {}

  /** Opened on first use: constructing touches no database. */
  private get db(): UseStore {
    this.handle ??= createStore(this.dbName, "copies");
    return this.handle;
  }

  async read(user: string, file: string): Promise<TranscriptCopy | undefined> {
    const record: unknown = await get(keyOf(user, file), this.db);
    if (!record || typeof record !== "object") return undefined;
    const r = record as Partial<CopyRecord>;
    if (r.v !== COPY_FORMAT || r.user !== user || r.file !== file) return undefined;
    if (typeof r.utterances !== "string" || typeof r.head !== "string" || !Array.isArray(r.speakers)) return undefined;
    return { utterances: r.utterances, head: r.head, speakers: r.speakers, at: typeof r.at === "number" ? r.at : 0 };
  }

  /** Replaces the file's copy; the least recently written beyond MAX_COPIES go. */
  async write(user: string, file: string, copy: TranscriptCopy): Promise<void> {
    const key = keyOf(user, file);
    const record: CopyRecord = {
      v: COPY_FORMAT,
      user,
      file,
      utterances: copy.utterances,
      head: copy.head,
      speakers: copy.speakers,
      at: copy.at,
    };
    await set(key, record, this.db);
    let evicted: IDBValidKey[] = [];
    await update<IDBValidKey[]>(
      RECENT,
      (recent = []) => {
        const next = [...recent.filter((k) => !sameKey(k, key)), key];
        evicted = next.slice(0, Math.max(0, next.length - MAX_COPIES));
        return next.slice(evicted.length);
      },
      this.db,
    );
    await Promise.all(evicted.map((k) => del(k, this.db)));
  }

  async forget(user: string, file: string): Promise<void> {
    await del(keyOf(user, file), this.db);
  }

  /** Every user's copies (sign-out). */
  async clear(): Promise<void> {
    await clear(this.db);
  }
}

let shared: LocalCopies | null = null;

/** The page's copies, or none where IndexedDB is missing (nothing is then kept). */
export function localCopies(): LocalCopies | null {
  if (typeof indexedDB === "undefined") return null;
  shared ??= new LocalCopies();
  return shared;
}

/** Called on sign-out: no copy outlives the session that wrote it. */
export function clearLocalCopies(): Promise<void> {
  clearSavedMarks();
  return localCopies()?.clear() ?? Promise.resolve();
}
