-- Redaction (decision 058): when the file's words were last redacted (this browser's copy of an
-- older transcript is then dropped), and where its media stands: NULL (nothing redacted), pending
-- (the job rewrites it), done, unsupported (a format the job cannot rewrite) or failed. Playback,
-- downloads and shared media are refused unless it is NULL or done.
ALTER TABLE audio_files ADD COLUMN redacted_at TEXT;
ALTER TABLE audio_files ADD COLUMN media_redaction TEXT;
