-- "Transcription done" e-mails sent (docs/product.md#notifications): at most one per
-- file, transcription run (its processing start) and outcome, also when the queue
-- delivers the job's message again. The row is claimed before the e-mail goes.
CREATE TABLE done_emails (
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  run_started_at TEXT NOT NULL,
  outcome TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (audio_file_id, run_started_at, outcome)
);
