-- One transcript store (decision 029): every transcript's content, history, speakers, summary,
-- notes, re-transcription sides and search rows live in its owner's Durable Object. D1 keeps a
-- header per transcript (which file has one, and whose) beside accounts, folders, files, shares,
-- exports and quotas; its search index keeps file names only.

-- The search index: only file names stay.
DROP TRIGGER IF EXISTS search_utterance_insert;
DROP TRIGGER IF EXISTS search_utterance_update;
DROP TRIGGER IF EXISTS search_utterance_delete;
DROP TRIGGER IF EXISTS search_speaker_insert;
DROP TRIGGER IF EXISTS search_speaker_rename;
DROP TRIGGER IF EXISTS search_speaker_delete;
DROP TRIGGER IF EXISTS search_transcript_insert;
DROP TRIGGER IF EXISTS search_summary_update;
DROP TRIGGER IF EXISTS search_notes_update;
DROP TRIGGER IF EXISTS search_transcript_delete;
DROP TRIGGER IF EXISTS search_docs_insert;
DROP TRIGGER IF EXISTS search_docs_delete;
DROP VIEW IF EXISTS search_docs;
DROP VIEW IF EXISTS search_text;
DELETE FROM search_refs WHERE kind <> 1;
UPDATE search_refs SET file_row = NULL;

-- What each index row says and whose it is: a file's name (FTS5's external content, read by a
-- rebuild and by integrity checks).
CREATE VIEW search_text (id, owner, body) AS
  SELECT r.id, 'u' || replace(f.user_id, '-', ''), f.name
  FROM search_refs r JOIN audio_files f ON r.kind = 1 AND f.id = r.ref_id;

INSERT INTO search_fts (search_fts) VALUES ('rebuild');

-- The transcript tables.
DROP TABLE IF EXISTS snapshot_utterances;
DROP TABLE IF EXISTS snapshot_speakers;
DROP TABLE IF EXISTS transcript_snapshots;
DROP TABLE IF EXISTS edit_operations;
DROP TABLE IF EXISTS utterances;
DROP TABLE IF EXISTS speakers;
DROP INDEX IF EXISTS transcripts_user_in_object;

-- The header: the transcript's id (the API's), its file and its owner.
CREATE TABLE transcripts_header (
  id TEXT PRIMARY KEY NOT NULL,
  audio_file_id TEXT NOT NULL REFERENCES audio_files (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
INSERT INTO transcripts_header (id, audio_file_id, user_id, created_at) SELECT id, audio_file_id, user_id, created_at FROM transcripts;
DROP TABLE transcripts;
ALTER TABLE transcripts_header RENAME TO transcripts;
CREATE UNIQUE INDEX transcripts_audio_file_unique ON transcripts (audio_file_id);
