-- Import from a link: the link a file is being fetched from, kept only until it is fetched or
-- refused, so the recovery sweep can send a lost import job again (it lived only in the queue
-- message before). Links may carry their own access tokens: never shown, dropped once used.
CREATE TABLE link_imports (
  audio_file_id TEXT PRIMARY KEY NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  url TEXT NOT NULL
);
