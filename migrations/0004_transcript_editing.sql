-- Transcript editing: utterances ordered by fractional keys (a split or merge
-- writes O(1) rows, whatever the transcript's size), a version per utterance for
-- optimistic concurrency, running statistics, and the edit history as row states.

-- Utterances: `position` is replaced by `order_key` and a `version` is added.
-- SQLite cannot add a NOT NULL column without a default, so the table is rebuilt.
-- Existing rows get valid fractional-indexing keys computed from their position:
-- integer keys 'd' + 4 base-62 digits (0-9A-Za-z, ascending in byte order), which
-- sort like the positions and leave room for keyBetween() on either side.
CREATE TABLE utterances_next (
  id TEXT PRIMARY KEY NOT NULL,
  transcript_id TEXT NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
  speaker_id TEXT NOT NULL REFERENCES speakers (id),
  -- Fractional-indexing key; utterances sort by it (BINARY collation).
  order_key TEXT NOT NULL,
  -- Bumped on every change (operations, undo and redo).
  version INTEGER NOT NULL DEFAULT 1,
  start_time REAL NOT NULL,
  end_time REAL NOT NULL,
  confidence_score REAL NOT NULL,
  sentiment TEXT,
  sentiment_confidence REAL,
  -- [{id, t, s, e, c, x?}] in order
  words TEXT NOT NULL
);

INSERT INTO utterances_next (id, transcript_id, speaker_id, order_key, version, start_time, end_time, confidence_score, sentiment, sentiment_confidence, words)
SELECT
  id,
  transcript_id,
  speaker_id,
  'd'
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (position / 238328) % 62 + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (position / 3844) % 62 + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (position / 62) % 62 + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', position % 62 + 1, 1),
  1,
  start_time,
  end_time,
  confidence_score,
  sentiment,
  sentiment_confidence,
  words
FROM utterances;

DROP TABLE utterances;
ALTER TABLE utterances_next RENAME TO utterances;

CREATE UNIQUE INDEX utterances_transcript_order ON utterances (transcript_id, order_key);

-- Running statistics: the sum of word confidences (accuracy = sum / words), kept
-- exact by every edit; backfilled from the stored words.
ALTER TABLE transcripts ADD COLUMN confidence_sum REAL NOT NULL DEFAULT 0;
UPDATE transcripts SET confidence_sum = (
  SELECT total(json_extract(w.value, '$.c'))
  FROM utterances u, json_each(u.words) w
  WHERE u.transcript_id = transcripts.id
);

-- The history operation the transcript currently reflects (its seq); -1 before the first.
ALTER TABLE transcripts ADD COLUMN history_index INTEGER NOT NULL DEFAULT -1;

-- Edit history: one row per operation with the row states before and after it
-- (undo writes the before states, redo the after states). seq grows by one per
-- operation; an operation after an undo replaces the undone ones (the redo
-- branch); only the newest 500 are kept.
CREATE TABLE edit_operations (
  transcript_id TEXT NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  summary TEXT NOT NULL,
  -- JSON Change: {utterances: [{id, before, after}], speakers?, fields?}
  change TEXT NOT NULL,
  -- The client's Idempotency-Key: a repeated request applies nothing.
  op_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (transcript_id, seq)
);
CREATE UNIQUE INDEX edit_operations_op_id ON edit_operations (transcript_id, op_id);
