-- One row per transcription started (upload or retranscribe), for the per-user
-- hourly quota. Rows older than a day are of no use and are pruned as new ones come.
CREATE TABLE transcription_starts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL,
  started_at TEXT NOT NULL
);
CREATE INDEX transcription_starts_user_time ON transcription_starts (user_id, started_at);
