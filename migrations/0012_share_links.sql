-- Share links: read-only links to one file's transcript. The secret in the URL
-- is stored only as its SHA-256 hash; a link ends with its file or owner
-- (cascades), and revoking deletes the row, so revoked, expired and unknown
-- links all find nothing.
CREATE TABLE shares (
  id TEXT PRIMARY KEY NOT NULL,
  secret_hash TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  label TEXT,
  include_media INTEGER NOT NULL DEFAULT false,
  include_summary INTEGER NOT NULL DEFAULT false,
  include_notes INTEGER NOT NULL DEFAULT false,
  show_owner_name INTEGER NOT NULL DEFAULT false,
  expires_at TEXT,
  views INTEGER NOT NULL DEFAULT 0,
  last_viewed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX shares_secret_hash ON shares (secret_hash);
CREATE INDEX shares_audio_file ON shares (audio_file_id, created_at);
CREATE INDEX shares_user ON shares (user_id);

-- Who viewed a link in the last hour, so a view counts at most once per visitor
-- per hour. The visitor is a keyed hash of the client address and user agent,
-- never the address itself.
CREATE TABLE share_views (
  share_id TEXT NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  visitor_hash TEXT NOT NULL,
  counted_at TEXT NOT NULL,
  PRIMARY KEY (share_id, visitor_hash)
);
