-- Personal API tokens (docs/decisions/037-api-tokens.md): a script's credential for /api/v1.
-- The secret is shown once; only its SHA-256 hash is stored. Revoking deletes the row.
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  -- The secret's first characters, so a person can tell tokens apart ("tr_AbC…").
  hint TEXT NOT NULL,
  can_write INTEGER NOT NULL DEFAULT false,
  expires_at TEXT,
  last_used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at);
