-- Recording in the browser (docs/decisions/043-recording-in-the-browser.md): a recording being
-- sent as numbered chunks, each its own storage object, until it is joined into a file.
CREATE TABLE recordings (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Set when finished: the file its chunks are joined into, and how many (the row stays until the sweep).
  audio_file_id TEXT,
  chunk_count INTEGER
);
CREATE INDEX recordings_user ON recordings (user_id, created_at);
CREATE INDEX recordings_workspace ON recordings (workspace_id);
CREATE INDEX recordings_created ON recordings (created_at);

-- One row per chunk received (a chunk sent again replaces its row and its object).
CREATE TABLE recording_chunks (
  recording_id TEXT NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
  n INTEGER NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (recording_id, n)
);
