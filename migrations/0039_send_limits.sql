-- Sends that a person's actions cause (comment e-mails, invitation e-mails, webhook test events),
-- one row each, counted per sender and per scope (a workspace or a webhook) over a sliding window.
-- A send is claimed by one INSERT … SELECT … WHERE count < limit (worker/lib/send-limits.ts), so
-- parallel requests cannot pass a limit together. Rows older than an hour count for nothing and
-- are deleted as new ones come.
CREATE TABLE send_claims (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  sender_id TEXT NOT NULL,
  scope_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX send_claims_sender ON send_claims (kind, sender_id, created_at);
CREATE INDEX send_claims_scope ON send_claims (kind, scope_id, created_at);
CREATE INDEX send_claims_created ON send_claims (created_at);

-- Comment e-mails held back by those limits: each recipient gets them later in one digest
-- (worker/comments/digest.ts).
CREATE TABLE missed_comment_mails (
  id TEXT PRIMARY KEY NOT NULL,
  recipient_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  file_name TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX missed_comment_mails_recipient ON missed_comment_mails (recipient_id, created_at);
CREATE INDEX missed_comment_mails_created ON missed_comment_mails (created_at);
CREATE INDEX missed_comment_mails_file ON missed_comment_mails (audio_file_id);
