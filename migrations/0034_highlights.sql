-- Highlights (docs/decisions/047-highlights.md). A highlight's words, label and quote live with
-- its transcript in the store; D1 keeps which file a highlight id belongs to (its routes), and
-- each workspace's custom labels (the defaults are not stored).
CREATE TABLE highlight_refs (
  id TEXT PRIMARY KEY NOT NULL,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE
);
CREATE INDEX highlight_refs_file ON highlight_refs (audio_file_id);

-- `label_key` is the label in lower case: "Budget" and "budget" are one label, spelled as first used.
CREATE TABLE highlight_labels (
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  label_key TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, label_key)
);
