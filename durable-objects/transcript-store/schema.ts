// The tables of a transcript's store, inside the file's transcript room (decisions 027 and 053).
// One row an utterance keyed by an integer; ids and values the store can derive are not stored
// (layout.ts). What search and Ask find lives in the workspace's index, which the room feeds.
import { entryBytes } from "./history-budget";

/** Applied in order, each once; a store records the last one it applied. Append only. */
const MIGRATIONS: readonly string[][] = [
  [
    // A random tag in every id the store derives (layout.ts), so two users' stores never hand out the same id.
    "CREATE TABLE store_meta (tag TEXT NOT NULL)",
    "INSERT INTO store_meta (tag) VALUES (lower(hex(randomblob(3))))",
    // `api_id` is the transcript's id in D1 and the API; `run` the ingest run that wrote it.
    `CREATE TABLE transcripts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      file_id TEXT NOT NULL UNIQUE,
      api_id TEXT NOT NULL,
      run TEXT NOT NULL,
      summary TEXT, summary_type TEXT, summary_model TEXT, summary_status TEXT, summary_error TEXT, notes TEXT,
      duration REAL NOT NULL,
      accuracy_percentage REAL NOT NULL,
      confidence_sum REAL NOT NULL,
      speaker_count INTEGER NOT NULL,
      word_count INTEGER NOT NULL,
      transcription_service TEXT NOT NULL,
      started_at TEXT NOT NULL,
      completed_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      history_index INTEGER NOT NULL DEFAULT -1
    )`,
    // AUTOINCREMENT: a key is never reused, so a derived id names one speaker or utterance for good
    // (an undo re-inserts a removed row under its old key).
    `CREATE TABLE speakers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      transcript INTEGER NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
      client_id TEXT,
      original_label TEXT NOT NULL,
      name TEXT,
      role TEXT,
      position INTEGER NOT NULL
    )`,
    "CREATE INDEX speakers_transcript ON speakers (transcript, position)",
    // start_time, end_time and confidence_score are NULL where the words give them (layout.ts).
    `CREATE TABLE utterances (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      transcript INTEGER NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
      client_id TEXT,
      speaker INTEGER NOT NULL,
      order_key TEXT NOT NULL,
      version INTEGER NOT NULL DEFAULT 1,
      start_time REAL,
      end_time REAL,
      confidence_score REAL,
      sentiment TEXT,
      sentiment_confidence REAL,
      edited INTEGER NOT NULL DEFAULT 0,
      words TEXT NOT NULL
    )`,
    "CREATE UNIQUE INDEX utterances_order ON utterances (transcript, order_key)",
    // A client's id (a split's new utterance) is unique in the user's store (decision 023, rule 10).
    "CREATE UNIQUE INDEX utterances_client ON utterances (client_id) WHERE client_id IS NOT NULL",
    "CREATE UNIQUE INDEX speakers_client ON speakers (client_id) WHERE client_id IS NOT NULL",
    // History entries in the diff form (decision 024), naming utterances by their API ids.
    `CREATE TABLE history (
      transcript INTEGER NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      type TEXT NOT NULL,
      summary TEXT NOT NULL,
      change TEXT NOT NULL,
      op_id TEXT,
      created_at TEXT NOT NULL,
      PRIMARY KEY (transcript, seq)
    ) WITHOUT ROWID`,
    "CREATE UNIQUE INDEX history_op_id ON history (transcript, op_id) WHERE op_id IS NOT NULL",
  ],
  [
    // The file's fields that describe its transcript (decision 023, rule 4): kept with the content
    // so a re-transcription's undo brings back the ones that went with it; D1 holds a copy, written
    // after each change here, guarded by `fields_seq` so a late write never replaces a newer one.
    "ALTER TABLE transcripts ADD COLUMN detected_language TEXT",
    "ALTER TABLE transcripts ADD COLUMN notices TEXT",
    "ALTER TABLE transcripts ADD COLUMN fields_seq INTEGER NOT NULL DEFAULT 0",
    // A re-transcription's history entry points at the transcript as it was before ('before') and,
    // once undone, as it was after ('after'); undo and redo swap them (decision 017). Rows keep their
    // keys, so a restored utterance has its old id. They go with their history entry.
    `CREATE TABLE snapshots (
      transcript INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('before', 'after')),
      duration REAL NOT NULL,
      accuracy_percentage REAL NOT NULL,
      confidence_sum REAL NOT NULL,
      speaker_count INTEGER NOT NULL,
      word_count INTEGER NOT NULL,
      transcription_service TEXT NOT NULL,
      started_at TEXT NOT NULL,
      completed_at TEXT NOT NULL,
      detected_language TEXT,
      notices TEXT,
      PRIMARY KEY (transcript, seq, side)
    ) WITHOUT ROWID`,
    `CREATE TABLE snapshot_speakers (
      transcript INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      side TEXT NOT NULL,
      id INTEGER NOT NULL,
      client_id TEXT,
      original_label TEXT NOT NULL,
      name TEXT,
      role TEXT,
      position INTEGER NOT NULL,
      PRIMARY KEY (transcript, seq, side, id)
    ) WITHOUT ROWID`,
    `CREATE TABLE snapshot_utterances (
      transcript INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      side TEXT NOT NULL,
      id INTEGER NOT NULL,
      client_id TEXT,
      speaker INTEGER NOT NULL,
      order_key TEXT NOT NULL,
      version INTEGER NOT NULL,
      start_time REAL,
      end_time REAL,
      confidence_score REAL,
      sentiment TEXT,
      sentiment_confidence REAL,
      edited INTEGER NOT NULL,
      words TEXT NOT NULL,
      PRIMARY KEY (transcript, seq, side, id)
    )`,
  ],
  [
    // When the transcript was written here (ingest or a move from D1): the orphan sweep leaves
    // younger ones alone, since D1's header follows the object's write (decision 023, rules 2, 6).
    "ALTER TABLE transcripts ADD COLUMN stored_at TEXT",
  ],
  [
    // The history's size (decision 031): each entry's bytes (its change, summary and any
    // re-transcription sides, history-budget.ts), totalled per transcript and for the store by
    // trigger, so keeping within the budgets reads two numbers, not the entries.
    "ALTER TABLE history ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE transcripts ADD COLUMN history_bytes INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE store_meta ADD COLUMN history_bytes INTEGER NOT NULL DEFAULT 0",
    // The store-wide budget drops the oldest entries first, whichever transcript they are of.
    "CREATE INDEX history_age ON history (created_at)",
    `CREATE TRIGGER history_bytes_insert AFTER INSERT ON history BEGIN
      UPDATE transcripts SET history_bytes = history_bytes + NEW.bytes WHERE id = NEW.transcript;
      UPDATE store_meta SET history_bytes = history_bytes + NEW.bytes;
    END`,
    `CREATE TRIGGER history_bytes_update AFTER UPDATE OF bytes ON history WHEN OLD.bytes <> NEW.bytes BEGIN
      UPDATE transcripts SET history_bytes = history_bytes + NEW.bytes - OLD.bytes WHERE id = NEW.transcript;
      UPDATE store_meta SET history_bytes = history_bytes + NEW.bytes - OLD.bytes;
    END`,
    `CREATE TRIGGER history_bytes_delete AFTER DELETE ON history BEGIN
      UPDATE transcripts SET history_bytes = history_bytes - OLD.bytes WHERE id = OLD.transcript;
      UPDATE store_meta SET history_bytes = history_bytes - OLD.bytes;
    END`,
    `UPDATE history SET bytes = ${entryBytes("change", "summary", "history.transcript", "history.seq")}`,
    // An Idempotency-Key is bound to its request (decision 031): the request's fingerprint beside
    // the key of the entry it wrote, and the keys of undo and redo, which write no entry.
    "ALTER TABLE history ADD COLUMN op_request TEXT",
    `CREATE TABLE step_keys (
      transcript INTEGER NOT NULL,
      op_id TEXT NOT NULL,
      request TEXT NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (transcript, op_id)
    )`,
  ],
  [
    // Who made each entry (members co-edit a workspace's transcripts). The edit's author is set
    // in edit_author by the call that runs it (author.ts) and copied into each entry it writes,
    // so no rule or plan needs to carry it; the system's entries (re-transcriptions) have none.
    "ALTER TABLE history ADD COLUMN author_id TEXT",
    "ALTER TABLE history ADD COLUMN author_name TEXT",
    "CREATE TABLE edit_author (one INTEGER PRIMARY KEY CHECK (one = 1), id TEXT NOT NULL, name TEXT NOT NULL)",
    `CREATE TRIGGER history_author AFTER INSERT ON history WHEN EXISTS (SELECT 1 FROM edit_author) BEGIN
      UPDATE history SET author_id = (SELECT id FROM edit_author), author_name = (SELECT name FROM edit_author)
        WHERE transcript = NEW.transcript AND seq = NEW.seq;
    END`,
  ],
  [
    // Comments (decision 040), by file rather than by transcript row: a transcript replaced whole
    // by a new transcription keeps its comments. A thread has `thread` NULL and an anchor: the ids
    // of the words it was made on (JSON, text order) with the times and text they last had; a
    // reply names its thread. `mentions` is JSON [{id, full_name}].
    `CREATE TABLE comments (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      thread TEXT REFERENCES comments (id) ON DELETE CASCADE,
      body TEXT NOT NULL,
      author_id TEXT NOT NULL,
      author_name TEXT NOT NULL,
      mentions TEXT NOT NULL DEFAULT '[]',
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      word_ids TEXT,
      start_time REAL,
      end_time REAL,
      text TEXT,
      resolved_by_id TEXT,
      resolved_by_name TEXT,
      resolved_at TEXT
    ) WITHOUT ROWID`,
    "CREATE INDEX comments_file ON comments (file_id, thread, created_at)",
    "CREATE INDEX comments_thread ON comments (thread, created_at) WHERE thread IS NOT NULL",
  ],
  [
    // A file's recent questions with their answers (decision 045), by file like comments; the
    // newest few are kept (questions.ts). `citations` is the answer's JSON list.
    `CREATE TABLE questions (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      question TEXT NOT NULL,
      answer TEXT NOT NULL,
      citations TEXT NOT NULL,
      asked_by_id TEXT NOT NULL,
      asked_by_name TEXT NOT NULL,
      asked_at TEXT NOT NULL
    ) WITHOUT ROWID`,
    "CREATE INDEX questions_file ON questions (file_id, asked_at)",
  ],
  [
    // Highlights (decision 047), by file like comments and anchored the same way: the ids of the
    // words they were made on (JSON, text order) with the times, text and speaker those had.
    `CREATE TABLE highlights (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      label TEXT NOT NULL,
      word_ids TEXT NOT NULL,
      start_time REAL NOT NULL,
      end_time REAL NOT NULL,
      text TEXT NOT NULL,
      speaker TEXT NOT NULL,
      created_by_id TEXT NOT NULL,
      created_by_name TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) WITHOUT ROWID`,
    "CREATE INDEX highlights_file ON highlights (file_id, created_at)",
  ],
  [
    // A transcript's chapters (decision 046): a field like the summary, JSON [{id, title,
    // startWordId, summary, startTime}] (core/chapters.ts), with the state of a generation.
    "ALTER TABLE transcripts ADD COLUMN chapters TEXT",
    "ALTER TABLE transcripts ADD COLUMN chapters_status TEXT",
    "ALTER TABLE transcripts ADD COLUMN chapters_error TEXT",
  ],
  [
    // A file's translations (decision 048), by file like comments. Per language the current run
    // (`full`: it redoes every utterance, else only those without a current translation) and its
    // progress; per utterance row the translated text and the fingerprint of the text it was made
    // from, which an edit changes (translations.ts).
    `CREATE TABLE translations (
      file_id TEXT NOT NULL,
      language TEXT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      run TEXT NOT NULL,
      full INTEGER NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      total INTEGER NOT NULL DEFAULT 0,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (file_id, language)
    ) WITHOUT ROWID`,
    `CREATE TABLE translated_utterances (
      file_id TEXT NOT NULL,
      language TEXT NOT NULL,
      utterance INTEGER NOT NULL,
      source TEXT NOT NULL,
      run TEXT NOT NULL,
      text TEXT NOT NULL,
      PRIMARY KEY (file_id, language, utterance)
    ) WITHOUT ROWID`,
  ],
  [
    // The room's workspace, whose index it feeds, and what it has still to send there
    // (index-feed.ts): "whole", "details", or an utterance's id ("u") or a removed one's ("x").
    "CREATE TABLE room_meta (one INTEGER PRIMARY KEY CHECK (one = 1), workspace_id TEXT NOT NULL)",
    "CREATE TABLE index_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ref TEXT)",
  ],
  [
    // Redactions (decision 058): where and by whom, never the text. `op_id` is the request's
    // Idempotency-Key, so a retried request answers the redactions it made.
    `CREATE TABLE redactions (
      id TEXT PRIMARY KEY,
      file_id TEXT NOT NULL,
      label TEXT NOT NULL,
      start_time REAL NOT NULL,
      end_time REAL NOT NULL,
      utterance_id TEXT NOT NULL,
      marker_word_id TEXT NOT NULL,
      author_id TEXT,
      author_name TEXT,
      op_id TEXT,
      created_at TEXT NOT NULL
    ) WITHOUT ROWID`,
    "CREATE INDEX redactions_file ON redactions (file_id, start_time)",
  ],
  [
    // What the media plays across a redaction once rewritten: silence or a quiet tone.
    "ALTER TABLE redactions ADD COLUMN fill TEXT NOT NULL DEFAULT 'silence'",
  ],
];

/** Brings the store's tables up to date, each step in one transaction; cheap when they are (one read). */
export function migrateStore(storage: DurableObjectStorage): void {
  const { sql } = storage;
  sql.exec("CREATE TABLE IF NOT EXISTS store_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  const done = sql.exec<{ v: number | null }>("SELECT max(version) AS v FROM store_migrations").one().v ?? 0;
  for (let version = done + 1; version <= MIGRATIONS.length; version++) {
    storage.transactionSync(() => {
      for (const statement of MIGRATIONS[version - 1]!) sql.exec(statement);
      sql.exec("INSERT INTO store_migrations (version, applied_at) VALUES (?, ?)", version, new Date().toISOString());
    });
  }
}
