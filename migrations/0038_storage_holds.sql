-- Bytes a workspace has promised before they are a file's (docs/security.md, "Every limit is one
-- atomic step"): an upload link's or an upload in parts' declared size, an import's while it
-- streams in. Each counts toward the storage quota with the files and the recordings' chunks
-- until it becomes a file (released in the same batch that makes the file) or expires. A hold
-- is taken by one INSERT … SELECT … WHERE (stored + held + this) <= quota, so requests at once
-- cannot pass the quota together.
CREATE TABLE storage_holds (
  storage_key TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  bytes INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX storage_holds_workspace ON storage_holds (workspace_id, expires_at);
