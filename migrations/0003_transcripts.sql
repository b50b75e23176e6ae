-- Transcripts. Words are stored inside their utterance as a JSON array, so a
-- 3-hour recording (~30,000 words, ~3,000 utterances) is written and read in
-- O(utterances) rows, within D1's row-billing and statement limits.
CREATE TABLE transcripts (
  id TEXT PRIMARY KEY NOT NULL,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  summary TEXT,
  summary_type TEXT,
  summary_model TEXT,
  notes TEXT,
  duration REAL NOT NULL,
  accuracy_percentage REAL NOT NULL,
  speaker_count INTEGER NOT NULL,
  word_count INTEGER NOT NULL,
  transcription_service TEXT NOT NULL,
  started_at TEXT NOT NULL,
  completed_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One transcript per file: a redelivered job replaces, never duplicates.
CREATE UNIQUE INDEX transcripts_audio_file_unique ON transcripts (audio_file_id);

CREATE TABLE speakers (
  id TEXT PRIMARY KEY NOT NULL,
  transcript_id TEXT NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
  original_label TEXT NOT NULL,
  name TEXT,
  role TEXT,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX speakers_transcript ON speakers (transcript_id, position);

CREATE TABLE utterances (
  id TEXT PRIMARY KEY NOT NULL,
  transcript_id TEXT NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
  speaker_id TEXT NOT NULL REFERENCES speakers (id),
  position INTEGER NOT NULL,
  start_time REAL NOT NULL,
  end_time REAL NOT NULL,
  confidence_score REAL NOT NULL,
  sentiment TEXT,
  sentiment_confidence REAL,
  -- [{id, t, s, e, c, x?}] in order: text, start, end, confidence, has entities (worker/transcripts/rows.ts)
  words TEXT NOT NULL
);
CREATE UNIQUE INDEX utterances_transcript_position ON utterances (transcript_id, position);
