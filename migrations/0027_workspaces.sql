-- Workspaces: who may touch which files (docs/decisions/036-workspaces.md).
-- Every account has a personal workspace whose id is the account's id, so the
-- personal store and live room keep their names; team workspaces have their own ids.
CREATE TABLE workspaces (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  -- Set only on a personal workspace: the account it belongs to (ends with it).
  personal_user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX workspaces_personal_user ON workspaces (personal_user_id) WHERE personal_user_id IS NOT NULL;

-- One role per member; the roles' rights are in common/workspaces.ts.
CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'commenter', 'viewer')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user ON workspace_members (user_id);

-- Pending invitations. The token in the e-mailed link is stored only as a hash;
-- accepting or revoking deletes the row, so a used, revoked and unknown token
-- all find nothing. Resending replaces the hash (the older link stops working).
CREATE TABLE workspace_invitations (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'commenter', 'viewer')),
  token_hash TEXT NOT NULL,
  invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  expires_at TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX workspace_invitations_token ON workspace_invitations (token_hash);
CREATE UNIQUE INDEX workspace_invitations_email ON workspace_invitations (workspace_id, email);

-- What happened in a workspace, for its owners; kept 90 days (the cron purges older rows).
CREATE TABLE workspace_activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  actor_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX workspace_activity_time ON workspace_activity (workspace_id, created_at);
CREATE INDEX workspace_activity_created ON workspace_activity (created_at);

-- Accounts made before this migration get their personal workspace.
INSERT INTO workspaces (id, name, personal_user_id, created_at, updated_at)
  SELECT id, 'Personal', id, created_at, created_at FROM users;
INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
  SELECT id, id, 'owner', created_at FROM users;
