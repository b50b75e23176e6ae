// How a row of the user's store stands for an utterance or a speaker (decision 027): an id the
// server made is derived from the row's integer key, and so are ingest's word ids and the
// utterance's times and confidence where its words give them. Only what differs is stored.
import type { UtteranceState } from "../../core/change";
import type { WordDto } from "../../core/transcript";
import { type StoredWord, storedValue, toWordDto, wordsFromParsed } from "../../core/stored-words";
import { SizedCache } from "./sized-cache";

/** Ids the store derives: `n` (utterance) or `s` (speaker), the row's key, the store's tag. */
const DERIVED = /^([ns])([1-9][0-9]{0,14})-([0-9a-f]{6})$/;

/** Whether an id has the form of one a store derives (whichever store): a client may not give it. */
export const looksDerived = (id: string) => DERIVED.test(id);

/** The API ids of one store's rows. Keys are per store, so the tag keeps them apart across users. */
export class StoreIds {
  constructor(private readonly tag: string) {}
  /** An utterance's API id: the id a client gave it, or one derived from its key. */
  utterance(key: number, clientId: string | null): string {
    return clientId ?? `n${key}-${this.tag}`;
  }
  /** A speaker's API id, the same way. */
  speaker(key: number, clientId: string | null): string {
    return clientId ?? `s${key}-${this.tag}`;
  }
  /** The key an id this store derived stands for, or null for any other id. */
  key(id: string, kind: "n" | "s"): number | null {
    const m = DERIVED.exec(id);
    return m && m[1] === kind && m[3] === this.tag ? Number(m[2]) : null;
  }
}

const known = new WeakMap<SqlStorage, StoreIds>();

export function storeIds(sql: SqlStorage): StoreIds {
  let ids = known.get(sql);
  if (!ids) {
    ids = new StoreIds(sql.exec<{ tag: string }>("SELECT tag FROM store_meta").one().tag);
    known.set(sql, ids);
  }
  return ids;
}

/** Ingest's word ids for the utterance with this key: an 8-character base from the key, then each word's index. */
const wordIdBase = (key: number) => key.toString(36).padStart(8, "0");

/** Stored words with ingest's ids replaced by 0 (the codec's third form: derived from the key). */
export function encodeStoreWords(key: number, words: readonly StoredWord[]): string {
  const value = storedValue(words);
  const ids = value[0];
  const derived =
    Array.isArray(ids) &&
    ids.length === 1 &&
    Array.isArray(ids[0]) &&
    ids[0][0] === wordIdBase(key) &&
    ids[0][1] === 0 &&
    ids[0][2] === words.length;
  return JSON.stringify(derived ? [0, ...value.slice(1)] : value);
}

export function decodeStoreWords(key: number, stored: string): StoredWord[] {
  const value = JSON.parse(stored) as unknown[];
  if (value[0] === 0) value[0] = [[wordIdBase(key), 0, (value[1] as string).split(" ").length]];
  return wordsFromParsed(value);
}

/** About 10 hours of speech, some 10 MB of the isolate's memory. */
const DECODED_MAX_WORDS = 100_000;
/** Words decoded by row key, with the text they came from. */
const decoded = new SizedCache<number, { stored: string; words: readonly StoredWord[] }>(DECODED_MAX_WORDS);

/**
 * decodeStoreWords for readers that do not change the words: a row whose text is as it was
 * is not decoded again. Decoding is a function of key and text alone, so one table serves every
 * object in the isolate (two stores' equal keys just replace each other).
 */
export function readStoreWords(key: number, stored: string): readonly StoredWord[] {
  const held = decoded.get(key);
  if (held?.stored === stored) return held.words;
  const words = decodeStoreWords(key, stored);
  decoded.set(key, { stored, words }, words.length);
  return words;
}

/** Ingest's words for the utterance with this key: the derived ids in place of whatever they had. */
export const withDerivedIds = (key: number, words: readonly StoredWord[]): StoredWord[] =>
  words.map((w, i) => ({ ...w, id: wordIdBase(key) + i.toString(36) }));

/** What the words say about their utterance: its first start, last end and mean confidence. */
function fromWords(words: readonly { s: number; e: number; c: number }[]) {
  if (!words.length) return { start: 0, end: 0, confidence: 0 };
  const mean = words.reduce((sum, w) => sum + w.c, 0) / words.length;
  return { start: words[0]!.s, end: words.at(-1)!.e, confidence: Math.round(mean * 10_000) / 10_000 };
}

/** The stored value of a time or score: NULL when the words give exactly this one. */
export function storedFields(words: readonly StoredWord[], start: number, end: number, confidence: number) {
  const derived = fromWords(words);
  return {
    start: start === derived.start ? null : start,
    end: end === derived.end ? null : end,
    confidence: confidence === derived.confidence ? null : confidence,
  };
}

/** An utterance row as the store reads it (a new field must also be compared by row-texts.ts sameRow). */
export type UtteranceRecord = {
  id: number;
  client_id: string | null;
  speaker: number;
  speaker_client_id: string | null;
  order_key: string;
  version: number;
  start_time: number | null;
  end_time: number | null;
  confidence_score: number | null;
  sentiment: string | null;
  sentiment_confidence: number | null;
  edited: number;
  words: string;
};

/** The columns of an UtteranceRecord, `u` being utterances and `s` its speaker. */
export const RECORD_COLUMNS = `u.id, u.client_id, u.speaker, s.client_id AS speaker_client_id, u.order_key, u.version,
  u.start_time, u.end_time, u.confidence_score, u.sentiment, u.sentiment_confidence, u.edited, u.words`;

type RawRecord = [
  number,
  string | null,
  number,
  string | null,
  string,
  number,
  number | null,
  number | null,
  number | null,
  string | null,
  number | null,
  number,
  string,
];

/**
 * The rows of a query that selects exactly RECORD_COLUMNS, read as arrays: the SQL API builds
 * row objects field by field, which takes about twice as long over a 3-hour transcript's rows.
 */
export function readRecords(cursor: SqlStorageCursor<Record<string, SqlStorageValue>>): UtteranceRecord[] {
  const out: UtteranceRecord[] = [];
  for (const r of cursor.raw() as IterableIterator<RawRecord>) {
    out.push({
      id: r[0],
      client_id: r[1],
      speaker: r[2],
      speaker_client_id: r[3],
      order_key: r[4],
      version: r[5],
      start_time: r[6],
      end_time: r[7],
      confidence_score: r[8],
      sentiment: r[9],
      sentiment_confidence: r[10],
      edited: r[11],
      words: r[12],
    });
  }
  return out;
}

/** A row as the state the editor works on. */
export function toState(ids: StoreIds, row: UtteranceRecord, position: number): UtteranceState {
  const stored = readStoreWords(row.id, row.words);
  const transcriptWords: WordDto[] = new Array(stored.length);
  for (let i = 0; i < stored.length; i++) transcriptWords[i] = toWordDto(stored[i]!, i);
  return { ...utteranceFields(ids, row, stored, position), transcriptWords };
}

/** A row's utterance fields, its words decoded already. */
export function utteranceFields(ids: StoreIds, row: UtteranceRecord, stored: readonly StoredWord[], position: number) {
  const derived = fromWords(stored);
  return {
    id: ids.utterance(row.id, row.client_id),
    speakerId: ids.speaker(row.speaker, row.speaker_client_id),
    startTime: row.start_time ?? derived.start,
    endTime: row.end_time ?? derived.end,
    position,
    confidenceScore: row.confidence_score ?? derived.confidence,
    sentiment: row.sentiment as UtteranceState["sentiment"],
    sentimentConfidence: row.sentiment_confidence,
    orderKey: row.order_key,
    version: row.version,
    ...(row.edited ? { edited: true as const } : {}),
  };
}
