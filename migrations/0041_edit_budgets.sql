-- Each person's edit limit (decisions 031 and 053): a bucket of units refilled at a steady rate,
-- charged in the same D1 trip as the sign-in check of an edit, wherever the edit lands.
CREATE TABLE edit_budgets (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  units REAL NOT NULL,
  at INTEGER NOT NULL
);
