// Decision 027's layout in a user's SQLite Durable Object, for the partitioning prototype
// (decision 023): one row an utterance keyed by an integer (server-made ids derived from it),
// words in the product's stored form with ingest's word ids and derivable times left out, the
// FTS5 row being the utterance row, history entries as the product's diffs. The same workload's
// one-word edit and replace all as the other stores, plus the object's database size.
import { newId } from "../../common/ids";
import type { UtteranceState } from "../../common/transcript-ops";
import { type StoredWord, storedValue, toWordDto, wordsFromParsed } from "../../worker/transcripts/stored-words";
import { diffUtterance } from "../../worker/transcripts/utterance-diff";

export const LAYOUT_027 = [
  "CREATE TABLE IF NOT EXISTS l_transcripts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, history_index INTEGER NOT NULL DEFAULT -1)",
  `CREATE TABLE IF NOT EXISTS l_utterances (id INTEGER PRIMARY KEY, transcript INTEGER NOT NULL, client_id TEXT, speaker INTEGER NOT NULL,
    order_key TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1, start_ms INTEGER, end_ms INTEGER, confidence INTEGER, sentiment INTEGER,
    sentiment_confidence INTEGER, edited INTEGER NOT NULL DEFAULT 0, words TEXT NOT NULL)`,
  "CREATE UNIQUE INDEX IF NOT EXISTS l_utterances_order ON l_utterances (transcript, order_key)",
  "CREATE UNIQUE INDEX IF NOT EXISTS l_utterances_client ON l_utterances (transcript, client_id) WHERE client_id IS NOT NULL",
  "CREATE VIEW IF NOT EXISTS l_text AS SELECT id, json_extract(words, '$[1]') AS body FROM l_utterances",
  `CREATE VIRTUAL TABLE IF NOT EXISTS l_fts USING fts5 (body, tokenize = 'unicode61 remove_diacritics 2', content = 'l_text', content_rowid = 'id')`,
  `CREATE TRIGGER IF NOT EXISTS l_fts_insert AFTER INSERT ON l_utterances BEGIN
    INSERT INTO l_fts (rowid, body) VALUES (NEW.id, json_extract(NEW.words, '$[1]')); END`,
  `CREATE TRIGGER IF NOT EXISTS l_fts_update AFTER UPDATE OF words ON l_utterances BEGIN
    INSERT INTO l_fts (l_fts, rowid, body) VALUES ('delete', OLD.id, json_extract(OLD.words, '$[1]'));
    INSERT INTO l_fts (rowid, body) VALUES (NEW.id, json_extract(NEW.words, '$[1]')); END`,
  `CREATE TRIGGER IF NOT EXISTS l_fts_delete AFTER DELETE ON l_utterances BEGIN
    INSERT INTO l_fts (l_fts, rowid, body) VALUES ('delete', OLD.id, json_extract(OLD.words, '$[1]')); END`,
  `CREATE TABLE IF NOT EXISTS l_history (transcript INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, summary TEXT NOT NULL,
    change TEXT NOT NULL, op_id TEXT, created_at INTEGER NOT NULL, PRIMARY KEY (transcript, seq)) WITHOUT ROWID`,
];

const VOCABULARY = ["so", "the", "quarterly", "plan", "is", "on", "track", "and", "we", "review", "it", "next", "week"];
const HISTORY_KEPT = 500;

/** Ingest's word ids, derived from the utterance's key: an 8-character base and the word's place. */
const baseOf = (key: number) => key.toString(36).padStart(8, "0");

/** Words as this layout stores them: the product's stored form, ids left out (0) when they are the derived ones. */
function stored(key: number, words: StoredWord[]): string {
  const value = storedValue(words);
  const ids = value[0] as unknown[];
  const run = ids.length === 1 && Array.isArray(ids[0]) ? (ids[0] as [string, number, number]) : null;
  const derived = run && run[0] === baseOf(key) && run[1] === 0 && run[2] === words.length;
  return JSON.stringify(derived ? [0, ...value.slice(1)] : value);
}
function words(key: number, text: string): StoredWord[] {
  const value = JSON.parse(text) as unknown[];
  if (value[0] === 0) value[0] = [[baseOf(key), 0, (value[1] as string).split(" ").length]];
  return wordsFromParsed(value);
}

type Row = {
  id: number;
  client_id: string | null;
  speaker: number;
  order_key: string;
  version: number;
  words: string;
};
const apiId = (r: Row) => r.client_id ?? `n${r.id}`;
const keyOf = (id: string) => (/^n\d+$/.test(id) ? Number(id.slice(1)) : null);

function state(r: Row, list: StoredWord[]): UtteranceState {
  const dtos = list.map(toWordDto);
  return {
    id: apiId(r),
    speakerId: String(r.speaker),
    startTime: dtos[0]?.startTime ?? 0,
    endTime: dtos.at(-1)?.endTime ?? 0,
    position: 0,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: dtos,
    orderKey: r.order_key,
    version: r.version,
  };
}

export class Layout027 {
  constructor(private readonly sql: SqlStorage) {
    for (const statement of LAYOUT_027) sql.exec(statement);
  }

  private transcript(name: string): number {
    return this.sql.exec<{ id: number }>("SELECT id FROM l_transcripts WHERE name = ?", name).one().id;
  }

  seed(name: string, n: number): void {
    this.sql.exec("DELETE FROM l_utterances");
    this.sql.exec("DELETE FROM l_history");
    this.sql.exec("DELETE FROM l_transcripts");
    const transcript = this.sql.exec<{ id: number }>("INSERT INTO l_transcripts (name) VALUES (?) RETURNING id", name).one().id;
    for (let i = 0; i < n; i++) {
      const key = i + 1;
      const list = Array.from({ length: 10 }, (_, k) => {
        const s = Math.round((i * 3.6 + k * 0.35) * 1000) / 1000;
        return {
          id: baseOf(key) + k.toString(36),
          t: k === 3 && i % 3 === 0 ? "budget" : VOCABULARY[(i + k) % VOCABULARY.length]!,
          s,
          e: Math.round((s + 0.3) * 1000) / 1000,
          c: 0.9,
        };
      });
      this.sql.exec(
        "INSERT INTO l_utterances (id, transcript, speaker, order_key, words) VALUES (?, ?, ?, ?, ?)",
        key,
        transcript,
        i % 4,
        `a${String(i).padStart(6, "0")}`,
        stored(key, list),
      );
    }
  }

  open(name: string): string {
    const rows = this.sql
      .exec<Row & { start_ms: number | null; end_ms: number | null; confidence: number | null }>(
        "SELECT id, client_id, speaker, order_key, version, start_ms, end_ms, confidence, words FROM l_utterances WHERE transcript = ? ORDER BY order_key",
        this.transcript(name),
      )
      .toArray();
    return JSON.stringify(rows.map((r) => ({ ...r, id: apiId(r) })));
  }

  private record(transcript: number, summary: string, diffs: { id: string; d: unknown }[]): void {
    this.sql.exec(
      `INSERT INTO l_history (transcript, seq, type, summary, change, op_id, created_at)
       VALUES (?, (SELECT history_index + 1 FROM l_transcripts WHERE id = ?), 'other', ?, ?, ?, ?)`,
      transcript,
      transcript,
      summary,
      JSON.stringify({ utterances: diffs }),
      newId(),
      Date.now(),
    );
    this.sql.exec("UPDATE l_transcripts SET history_index = history_index + 1 WHERE id = ?", transcript);
    this.sql.exec(
      "DELETE FROM l_history WHERE transcript = ? AND seq <= (SELECT history_index - ? FROM l_transcripts WHERE id = ?)",
      transcript,
      HISTORY_KEPT,
      transcript,
    );
  }

  /** Reads the row, changes one word, writes it and its history entry (the caller runs this in one transaction). */
  edit(name: string, id: string, index: number, text: string): number {
    const transcript = this.transcript(name);
    const key = keyOf(id);
    const row = this.sql
      .exec<Row>(
        `SELECT id, client_id, speaker, order_key, version, words FROM l_utterances WHERE transcript = ? AND ${key === null ? "client_id" : "id"} = ?`,
        transcript,
        key ?? id,
      )
      .toArray()[0];
    if (!row) throw new Error("unknown utterance");
    const before = words(row.id, row.words);
    const after = before.map((w, k) => (k === Math.min(index, before.length - 1) ? { ...w, t: text } : w));
    this.sql.exec("UPDATE l_utterances SET words = ?, version = version + 1, edited = 1 WHERE id = ?", stored(row.id, after), row.id);
    this.record(transcript, "Edited a word", [{ id: apiId(row), d: diffUtterance(state(row, before), state(row, after)) }]);
    return row.version + 1;
  }

  replace(name: string, find: string, replace: string): number {
    const transcript = this.transcript(name);
    const rows = this.sql
      .exec<Row>("SELECT id, client_id, speaker, order_key, version, words FROM l_utterances WHERE transcript = ?", transcript)
      .toArray();
    const diffs: { id: string; d: unknown }[] = [];
    for (const row of rows) {
      const before = words(row.id, row.words);
      if (!before.some((w) => w.t === find)) continue;
      const after = before.map((w) => (w.t === find ? { ...w, t: replace } : w));
      this.sql.exec("UPDATE l_utterances SET words = ?, version = version + 1, edited = 1 WHERE id = ?", stored(row.id, after), row.id);
      diffs.push({ id: apiId(row), d: diffUtterance(state(row, before), state(row, after)) });
    }
    this.record(transcript, `Replaced "${find}"`, diffs);
    return diffs.length;
  }
}
