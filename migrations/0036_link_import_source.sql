-- The link a file is being imported from, kept until it is fetched or fails, so the recovery
-- sweep can send a lost import again (the queue message was the only other copy).
ALTER TABLE audio_files ADD COLUMN import_url TEXT;
