-- Which store holds a transcript's content (decision 023): 'd1', in the tables here, or
-- 'object', in the owner's own SQLite Durable Object. Then D1 keeps only this header row:
-- the file, the owner, the statistics the library shows, and no speakers, utterances or history.
ALTER TABLE transcripts ADD COLUMN store TEXT NOT NULL DEFAULT 'd1' CHECK (store IN ('d1', 'object'));
-- Whether a user has transcripts in their object (library search asks on every query): only those rows.
CREATE INDEX transcripts_user_in_object ON transcripts (user_id) WHERE store = 'object';
