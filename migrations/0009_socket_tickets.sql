-- Short-lived, single-use tickets for opening the live socket, so the 30-day
-- bearer token never appears in a URL. Stored as SHA-256 hashes; claiming one
-- deletes it (DELETE … RETURNING), so two sockets can never use the same ticket.
CREATE TABLE socket_tickets (
  ticket_hash TEXT PRIMARY KEY NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
);
CREATE INDEX socket_tickets_user ON socket_tickets (user_id, expires_at);
