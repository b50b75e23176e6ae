-- No job lost for good: what the transcription job last did for a file (so a
-- file whose queue message was lost is found and re-queued, and the view can
-- say a job is retrying and why), and the upload keys handed out but not yet
-- confirmed (removed with their objects after a day).
ALTER TABLE audio_files ADD COLUMN job_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE audio_files ADD COLUMN job_error TEXT;
ALTER TABLE audio_files ADD COLUMN job_retry_at TEXT;
ALTER TABLE audio_files ADD COLUMN job_heartbeat_at TEXT;
ALTER TABLE audio_files ADD COLUMN job_requeues INTEGER NOT NULL DEFAULT 0;

CREATE TABLE pending_uploads (
  storage_key TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX pending_uploads_created ON pending_uploads (created_at);
