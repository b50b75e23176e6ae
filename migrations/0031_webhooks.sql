-- Webhooks (docs/decisions/041-webhooks.md): a workspace's receivers of events, each with its
-- signing secret, and the log of their deliveries.
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  url TEXT NOT NULL,
  -- JSON list of event types.
  events TEXT NOT NULL,
  -- The HMAC key, shown once when created. Kept as it is: signing needs it.
  secret TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT true,
  failure_count INTEGER NOT NULL DEFAULT 0,
  disabled_reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhooks_workspace ON webhooks (workspace_id);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY NOT NULL,
  webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at);

-- transcript.edited at most once a minute per file and webhook.
CREATE TABLE webhook_edit_marks (
  webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (webhook_id, audio_file_id)
);
