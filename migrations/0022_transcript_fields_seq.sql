-- The file's fields that describe its transcript (service, detected language, notices) are a
-- copy when the user's object holds the transcript (decision 023, rule 4): the object counts its
-- changes to them, and D1 takes a write only when it is newer than the one it has.
ALTER TABLE audio_files ADD COLUMN transcript_fields_seq INTEGER NOT NULL DEFAULT 0;
