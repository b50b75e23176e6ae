-- Uploads in parts: each R2 multipart upload handed out, owned by one user, so its
-- parts can be signed, completed or aborted only by its owner, and one left
-- behind is aborted once it expires.
CREATE TABLE multipart_uploads (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  storage_key TEXT NOT NULL,
  r2_upload_id TEXT NOT NULL,
  content_type TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  part_size INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX multipart_uploads_user ON multipart_uploads (user_id);
CREATE INDEX multipart_uploads_expires ON multipart_uploads (expires_at);
