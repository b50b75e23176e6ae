-- Library: folders and audio files. Files without a folder are in the virtual
-- "Common" folder. Deleting a folder deletes its files (their R2 objects are
-- removed by the Worker first).
CREATE TABLE folders (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- Names are unique per user regardless of case.
CREATE UNIQUE INDEX folders_user_name_unique ON folders (user_id, name COLLATE NOCASE);

CREATE TABLE audio_files (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders (id) ON DELETE CASCADE,
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
  updated_at TEXT NOT NULL
);
-- One file per uploaded object: confirming the same key twice finds this row.
CREATE UNIQUE INDEX audio_files_storage_key_unique ON audio_files (storage_key);
CREATE INDEX audio_files_user_folder ON audio_files (user_id, folder_id, created_at);
