-- Re-transcribe keeping the user's corrections (decision 017).

-- A durable mark on every utterance a user operation wrote (words changed,
-- split, merged, speaker reassigned). It travels in the row states the history
-- records, so undo restores it with the rest. The edit history keeps only the
-- newest 500 operations; this mark outlives them.
ALTER TABLE utterances ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
-- Backfill: rows an applied, still-kept operation wrote, and rows holding an edited word
-- (an edited word keeps its transcribed confidence as "o").
UPDATE utterances SET edited = 1
WHERE words LIKE '%"o":%'
   OR id IN (
     SELECT json_extract(c.value, '$.id')
     FROM edit_operations e
     JOIN transcripts t ON t.id = e.transcript_id
     JOIN json_each(e.change, '$.utterances') c
     WHERE e.seq <= t.history_index AND json_type(c.value, '$.after') = 'object'
   );

-- The user asked the running re-transcription to drop their corrections.
ALTER TABLE audio_files ADD COLUMN discard_corrections INTEGER NOT NULL DEFAULT 0;

-- A re-transcription's history entry points at the transcript as it was before
-- ('before') and, once undone, as it was after ('after'); undo and redo swap them.
-- The rows live here, not in the history row's JSON: a 3-hour transcript is MBs.
-- They go with their history entry (redo branch cut, older than the 500 kept).
CREATE TABLE transcript_snapshots (
  transcript_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('before', 'after')),
  duration REAL NOT NULL,
  accuracy_percentage REAL NOT NULL,
  confidence_sum REAL NOT NULL,
  speaker_count INTEGER NOT NULL,
  word_count INTEGER NOT NULL,
  transcription_service TEXT NOT NULL,
  started_at TEXT NOT NULL,
  completed_at TEXT NOT NULL,
  -- The file's fields that describe this transcript.
  transcription_options TEXT,
  detected_language TEXT,
  transcription_notices TEXT,
  PRIMARY KEY (transcript_id, seq, side),
  FOREIGN KEY (transcript_id, seq) REFERENCES edit_operations (transcript_id, seq) ON DELETE CASCADE
);

CREATE TABLE snapshot_speakers (
  transcript_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  side TEXT NOT NULL,
  id TEXT NOT NULL,
  original_label TEXT NOT NULL,
  name TEXT,
  role TEXT,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (transcript_id, seq, side, id),
  FOREIGN KEY (transcript_id, seq) REFERENCES edit_operations (transcript_id, seq) ON DELETE CASCADE
);

CREATE TABLE snapshot_utterances (
  transcript_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  side TEXT NOT NULL,
  id TEXT NOT NULL,
  speaker_id TEXT NOT NULL,
  order_key TEXT NOT NULL,
  version INTEGER NOT NULL,
  start_time REAL NOT NULL,
  end_time REAL NOT NULL,
  confidence_score REAL NOT NULL,
  sentiment TEXT,
  sentiment_confidence REAL,
  words TEXT NOT NULL,
  edited INTEGER NOT NULL,
  PRIMARY KEY (transcript_id, seq, side, id),
  FOREIGN KEY (transcript_id, seq) REFERENCES edit_operations (transcript_id, seq) ON DELETE CASCADE
);
