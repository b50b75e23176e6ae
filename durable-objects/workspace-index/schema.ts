// The tables of a workspace's index (decision 053): what library search and Ask's retrieval read
// across the workspace's files, fed by each file's transcript room (feed.ts). Rows carry the API
// ids the rooms gave them, so a hit names the utterance or speaker as the transcript does.

/** Applied in order, each once; an index records the last one it applied. Append only. */
const MIGRATIONS: readonly string[][] = [
  [
    "CREATE TABLE files (id INTEGER PRIMARY KEY AUTOINCREMENT, file_id TEXT NOT NULL UNIQUE, summary TEXT, notes TEXT)",
    // `display` is the name shown (the person's, or "Speaker N"); only names people gave are searched.
    `CREATE TABLE speakers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      file INTEGER NOT NULL REFERENCES files (id),
      ref_id TEXT NOT NULL,
      display TEXT NOT NULL,
      named INTEGER NOT NULL,
      UNIQUE (file, ref_id)
    )`,
    // One row an utterance: its text, where it starts and ends, and its place in its transcript.
    `CREATE TABLE passages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      file INTEGER NOT NULL REFERENCES files (id),
      ref_id TEXT NOT NULL,
      order_key TEXT NOT NULL,
      speaker TEXT NOT NULL,
      start_time REAL NOT NULL,
      end_time REAL NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (file, ref_id)
    )`,
    "CREATE INDEX passages_order ON passages (file, order_key)",
    // One FTS5 index over every text (an utterance's row is its own search row; speakers' names,
    // summaries and notes have negative rowids, their kind in the low two bits), kept by triggers.
    `CREATE VIEW search_text AS
      SELECT id, body FROM passages
      UNION ALL SELECT -(id * 4 + 1), display FROM speakers WHERE named
      UNION ALL SELECT -(id * 4 + 2), summary FROM files WHERE trim(coalesce(summary, '')) <> ''
      UNION ALL SELECT -(id * 4 + 3), notes FROM files WHERE trim(coalesce(notes, '')) <> ''`,
    `CREATE VIRTUAL TABLE search_fts USING fts5 (
      body, tokenize = 'unicode61 remove_diacritics 2', content = 'search_text', content_rowid = 'id'
    )`,
    "CREATE VIRTUAL TABLE search_vocab USING fts5vocab (search_fts, row)",
    `CREATE TRIGGER passage_insert AFTER INSERT ON passages BEGIN
      INSERT INTO search_fts (rowid, body) VALUES (NEW.id, NEW.body);
    END`,
    `CREATE TRIGGER passage_update AFTER UPDATE OF body ON passages WHEN OLD.body IS NOT NEW.body BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
      INSERT INTO search_fts (rowid, body) VALUES (NEW.id, NEW.body);
    END`,
    `CREATE TRIGGER passage_delete AFTER DELETE ON passages BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    END`,
    // A text that is empty has no row; the 'delete' of one that never had a row would corrupt the index.
    `CREATE TRIGGER speaker_insert AFTER INSERT ON speakers WHEN NEW.named BEGIN
      INSERT INTO search_fts (rowid, body) VALUES (-(NEW.id * 4 + 1), NEW.display);
    END`,
    `CREATE TRIGGER speaker_update AFTER UPDATE ON speakers WHEN OLD.display IS NOT NEW.display OR OLD.named IS NOT NEW.named BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) SELECT 'delete', -(OLD.id * 4 + 1), OLD.display WHERE OLD.named;
      INSERT INTO search_fts (rowid, body) SELECT -(NEW.id * 4 + 1), NEW.display WHERE NEW.named;
    END`,
    `CREATE TRIGGER speaker_delete AFTER DELETE ON speakers WHEN OLD.named BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) VALUES ('delete', -(OLD.id * 4 + 1), OLD.display);
    END`,
    `CREATE TRIGGER file_insert AFTER INSERT ON files BEGIN
      INSERT INTO search_fts (rowid, body) SELECT -(NEW.id * 4 + 2), NEW.summary WHERE trim(coalesce(NEW.summary, '')) <> '';
      INSERT INTO search_fts (rowid, body) SELECT -(NEW.id * 4 + 3), NEW.notes WHERE trim(coalesce(NEW.notes, '')) <> '';
    END`,
    `CREATE TRIGGER file_summary_update AFTER UPDATE OF summary ON files WHEN OLD.summary IS NOT NEW.summary BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) SELECT 'delete', -(OLD.id * 4 + 2), OLD.summary WHERE trim(coalesce(OLD.summary, '')) <> '';
      INSERT INTO search_fts (rowid, body) SELECT -(NEW.id * 4 + 2), NEW.summary WHERE trim(coalesce(NEW.summary, '')) <> '';
    END`,
    `CREATE TRIGGER file_notes_update AFTER UPDATE OF notes ON files WHEN OLD.notes IS NOT NEW.notes BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) SELECT 'delete', -(OLD.id * 4 + 3), OLD.notes WHERE trim(coalesce(OLD.notes, '')) <> '';
      INSERT INTO search_fts (rowid, body) SELECT -(NEW.id * 4 + 3), NEW.notes WHERE trim(coalesce(NEW.notes, '')) <> '';
    END`,
    `CREATE TRIGGER file_delete AFTER DELETE ON files BEGIN
      INSERT INTO search_fts (search_fts, rowid, body) SELECT 'delete', -(OLD.id * 4 + 2), OLD.summary WHERE trim(coalesce(OLD.summary, '')) <> '';
      INSERT INTO search_fts (search_fts, rowid, body) SELECT 'delete', -(OLD.id * 4 + 3), OLD.notes WHERE trim(coalesce(OLD.notes, '')) <> '';
    END`,
  ],
];

export function migrateIndex(storage: DurableObjectStorage): void {
  const { sql } = storage;
  sql.exec("CREATE TABLE IF NOT EXISTS index_migrations (version INTEGER PRIMARY KEY)");
  const done = sql.exec<{ v: number | null }>("SELECT max(version) AS v FROM index_migrations").one().v ?? 0;
  for (let version = done + 1; version <= MIGRATIONS.length; version++) {
    storage.transactionSync(() => {
      for (const statement of MIGRATIONS[version - 1]!) sql.exec(statement);
      sql.exec("INSERT INTO index_migrations (version) VALUES (?)", version);
    });
  }
}
