-- Folders and files belong to a workspace (docs/decisions/039-files-in-workspaces.md). A
-- personal workspace's id is its account's id, so today's rows keep their owner column's value.
-- Who uploaded a file is kept apart: leaving or deleting an account keeps the team's files.

-- SQLite cannot change a column's foreign key, so folders, audio_files and transcripts are
-- rebuilt. Dropping the old audio_files deletes the rows that cascade from it (exports, shares
-- and their views, done e-mails), so those are kept aside first and put back after. The new
-- tables name each other by their new names, which the renames at the end rewrite.
PRAGMA defer_foreign_keys = on;

DROP TRIGGER IF EXISTS search_file_insert;
DROP TRIGGER IF EXISTS search_file_rename;
DROP TRIGGER IF EXISTS search_file_delete;
DROP VIEW IF EXISTS search_text;

CREATE TABLE keep_exports AS SELECT * FROM exports;
CREATE TABLE keep_shares AS SELECT * FROM shares;
CREATE TABLE keep_share_views AS SELECT * FROM share_views;
CREATE TABLE keep_done_emails AS SELECT * FROM done_emails;

CREATE TABLE folders_new (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO folders_new (id, workspace_id, name, created_at, updated_at)
  SELECT id, user_id, name, created_at, updated_at FROM folders;

CREATE TABLE audio_files_new (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  uploaded_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  -- The transcript store object holding its transcript: the workspace it was uploaded to. A
  -- move between workspaces changes workspace_id only, so the transcript, its history and its
  -- live room stay whole where they are.
  store_id TEXT NOT NULL,
  folder_id TEXT REFERENCES folders_new (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  filename TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  duration_seconds INTEGER,
  status TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
  failure_reason TEXT,
  transcription_service TEXT,
  processing_started_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  job_attempts INTEGER NOT NULL DEFAULT 0,
  job_error TEXT,
  job_retry_at TEXT,
  job_heartbeat_at TEXT,
  job_requeues INTEGER NOT NULL DEFAULT 0,
  transcription_options TEXT,
  detected_language TEXT,
  transcription_notices TEXT,
  discard_corrections INTEGER NOT NULL DEFAULT 0,
  transcript_fields_seq INTEGER NOT NULL DEFAULT 0
);
INSERT INTO audio_files_new
  SELECT id, user_id, user_id, user_id, folder_id, name, filename, storage_key, content_type, file_size, duration_seconds,
    status, failure_reason, transcription_service, processing_started_at, created_at, updated_at, job_attempts,
    job_error, job_retry_at, job_heartbeat_at, job_requeues, transcription_options, detected_language,
    transcription_notices, discard_corrections, transcript_fields_seq
  FROM audio_files;

-- The transcript header: its owner is its file's workspace, so it names only the file.
CREATE TABLE transcripts_new (
  id TEXT PRIMARY KEY NOT NULL,
  audio_file_id TEXT NOT NULL REFERENCES audio_files_new (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
INSERT INTO transcripts_new (id, audio_file_id, created_at) SELECT id, audio_file_id, created_at FROM transcripts;

DROP TABLE transcripts;
DROP TABLE audio_files;
DROP TABLE folders;
ALTER TABLE folders_new RENAME TO folders;
ALTER TABLE audio_files_new RENAME TO audio_files;
ALTER TABLE transcripts_new RENAME TO transcripts;

INSERT INTO exports SELECT * FROM keep_exports;
INSERT INTO shares SELECT * FROM keep_shares;
INSERT INTO share_views SELECT * FROM keep_share_views;
INSERT INTO done_emails SELECT * FROM keep_done_emails;
DROP TABLE keep_exports;
DROP TABLE keep_shares;
DROP TABLE keep_share_views;
DROP TABLE keep_done_emails;

CREATE UNIQUE INDEX folders_workspace_name_unique ON folders (workspace_id, name COLLATE NOCASE);
CREATE UNIQUE INDEX audio_files_storage_key_unique ON audio_files (storage_key);
CREATE INDEX audio_files_workspace_folder ON audio_files (workspace_id, folder_id, created_at);
CREATE INDEX audio_files_workspace_created ON audio_files (workspace_id, created_at, id);
CREATE INDEX audio_files_uploaded_by ON audio_files (uploaded_by);
CREATE UNIQUE INDEX transcripts_audio_file_unique ON transcripts (audio_file_id);

-- Transcriptions started count per workspace.
CREATE TABLE transcription_starts_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL,
  started_at TEXT NOT NULL
);
INSERT INTO transcription_starts_new (id, workspace_id, audio_file_id, started_at)
  SELECT id, user_id, audio_file_id, started_at FROM transcription_starts;
DROP TABLE transcription_starts;
ALTER TABLE transcription_starts_new RENAME TO transcription_starts;
CREATE INDEX transcription_starts_workspace_time ON transcription_starts (workspace_id, started_at);

-- An upload in parts reserves room in the workspace it will land in.
ALTER TABLE multipart_uploads ADD COLUMN workspace_id TEXT REFERENCES workspaces (id) ON DELETE CASCADE;
UPDATE multipart_uploads SET workspace_id = user_id;
CREATE INDEX multipart_uploads_workspace ON multipart_uploads (workspace_id);

-- The search index of file names, owned by the file's workspace ('u' + its id without dashes).
CREATE VIEW search_text (id, owner, body) AS
  SELECT r.id, 'u' || replace(f.workspace_id, '-', ''), f.name
  FROM search_refs r JOIN audio_files f ON r.kind = 1 AND f.id = r.ref_id;

CREATE TRIGGER search_file_insert AFTER INSERT ON audio_files BEGIN
  INSERT INTO search_refs (kind, ref_id) VALUES (1, NEW.id);
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.workspace_id, '-', ''), NEW.name FROM search_refs WHERE ref_id = NEW.id AND kind = 1;
END;

CREATE TRIGGER search_file_rename AFTER UPDATE OF name, workspace_id ON audio_files
  WHEN OLD.name IS NOT NEW.name OR OLD.workspace_id IS NOT NEW.workspace_id BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.workspace_id, '-', ''), OLD.name FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.workspace_id, '-', ''), NEW.name FROM search_refs WHERE ref_id = NEW.id AND kind = 1;
END;

CREATE TRIGGER search_file_delete AFTER DELETE ON audio_files BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.workspace_id, '-', ''), OLD.name FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
END;

INSERT INTO search_fts (search_fts) VALUES ('rebuild');
