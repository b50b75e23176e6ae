-- Exports gain the WebVTT chapters track, format 'vtt_chapters' (decision 046). SQLite cannot
-- change a CHECK constraint, so the table is rebuilt with its rows (nothing references it).
CREATE TABLE exports_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  format TEXT NOT NULL CHECK (format IN ('pdf', 'docx', 'srt', 'vtt', 'txt', 'vtt_chapters')),
  options TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  filename TEXT NOT NULL,
  storage_key TEXT,
  size_bytes INTEGER,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT,
  requeues INTEGER NOT NULL DEFAULT 0
);
INSERT INTO exports_new (id, user_id, audio_file_id, format, options, status, filename, storage_key, size_bytes, error, attempts, created_at, updated_at, completed_at, requeues)
  SELECT id, user_id, audio_file_id, format, options, status, filename, storage_key, size_bytes, error, attempts, created_at, updated_at, completed_at, requeues FROM exports;
DROP TABLE exports;
ALTER TABLE exports_new RENAME TO exports;
CREATE INDEX exports_user_created ON exports (user_id, created_at);
CREATE INDEX exports_audio_file ON exports (audio_file_id);
CREATE INDEX exports_unfinished ON exports (updated_at) WHERE status IN ('pending', 'processing');
