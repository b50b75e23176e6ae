-- Comments and review (docs/decisions/040-comments-and-review.md). A comment's text and anchor
-- live with its transcript in the workspace's store; D1 keeps what is asked across files: which
-- file a comment id belongs to (its routes), who a thread mentions (the "mentions me" count),
-- and each file's review status.
ALTER TABLE audio_files ADD COLUMN review_status TEXT NOT NULL DEFAULT 'draft' CHECK (review_status IN ('draft', 'in_review', 'approved'));
-- Who set the current review status, and when.
ALTER TABLE audio_files ADD COLUMN reviewed_by TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE audio_files ADD COLUMN reviewed_at TEXT;
CREATE INDEX audio_files_workspace_review ON audio_files (workspace_id, review_status);

-- One row a thread or reply: `thread_id` is null for a thread, its thread's id for a reply.
CREATE TABLE comment_refs (
  id TEXT PRIMARY KEY NOT NULL,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  thread_id TEXT REFERENCES comment_refs (id) ON DELETE CASCADE
);
CREATE INDEX comment_refs_file ON comment_refs (audio_file_id);
CREATE INDEX comment_refs_thread ON comment_refs (thread_id);

-- A person mentioned in a thread (its first comment or a reply), while it is unresolved or not.
CREATE TABLE comment_mentions (
  thread_id TEXT NOT NULL REFERENCES comment_refs (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  resolved INTEGER NOT NULL DEFAULT false,
  created_at TEXT NOT NULL,
  PRIMARY KEY (thread_id, user_id)
);
CREATE INDEX comment_mentions_user ON comment_mentions (user_id, resolved, created_at);
CREATE INDEX comment_mentions_file ON comment_mentions (audio_file_id);
