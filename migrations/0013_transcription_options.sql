-- Options per transcription: what the user asked for (language, vocabulary,
-- speaker hint; JSON, NULL = the defaults), the language the service reported,
-- and the hints the service could not use (JSON list of texts for the file view).
ALTER TABLE audio_files ADD COLUMN transcription_options TEXT;
ALTER TABLE audio_files ADD COLUMN detected_language TEXT;
ALTER TABLE audio_files ADD COLUMN transcription_notices TEXT;
