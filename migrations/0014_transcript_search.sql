-- Search across a user's library (docs/decisions/015-transcript-search.md): one
-- FTS5 index over utterance text, file names, speaker names, summaries and notes.
-- Triggers on the tables that hold the text keep it in step with every write
-- path (ingest, edits, undo/redo, renames, deletes, cascades), touching only the
-- index rows of what changed.

-- One row per indexed text; its id is the FTS row's rowid. `ref_id` is the
-- utterance, audio file, speaker or transcript the text comes from.
CREATE TABLE search_docs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('transcript', 'name', 'speaker', 'summary', 'notes')),
  ref_id TEXT NOT NULL,
  file_id TEXT NOT NULL
);
CREATE UNIQUE INDEX search_docs_ref ON search_docs (ref_id, kind);

-- `owner` holds one token per row ('u' + the user id without dashes): every query
-- matches it, so the index itself keeps users apart and reads only their rows.
-- unicode61 with remove_diacritics 2 folds case and accents; the prefix indexes
-- serve the prefix match on the last word.
CREATE VIRTUAL TABLE search_fts USING fts5 (owner, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

-- Utterances: the words' texts joined by spaces.
CREATE TRIGGER search_utterance_insert AFTER INSERT ON utterances BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'transcript');
  INSERT OR IGNORE INTO search_docs (kind, ref_id, file_id)
    SELECT 'transcript', NEW.id, audio_file_id FROM transcripts WHERE id = NEW.transcript_id;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT d.id, 'u' || replace(t.user_id, '-', ''), (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(NEW.words) w)
    FROM search_docs d, transcripts t WHERE d.ref_id = NEW.id AND d.kind = 'transcript' AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_utterance_update AFTER UPDATE OF words ON utterances WHEN OLD.words IS NOT NEW.words BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'transcript');
  INSERT INTO search_fts (rowid, owner, body)
    SELECT d.id, 'u' || replace(t.user_id, '-', ''), (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(NEW.words) w)
    FROM search_docs d, transcripts t WHERE d.ref_id = NEW.id AND d.kind = 'transcript' AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_utterance_delete AFTER DELETE ON utterances BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = OLD.id AND kind = 'transcript');
  DELETE FROM search_docs WHERE ref_id = OLD.id AND kind = 'transcript';
END;

-- Audio files: the name.
CREATE TRIGGER search_file_insert AFTER INSERT ON audio_files BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'name');
  INSERT OR IGNORE INTO search_docs (kind, ref_id, file_id) VALUES ('name', NEW.id, NEW.id);
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.name FROM search_docs WHERE ref_id = NEW.id AND kind = 'name';
END;

CREATE TRIGGER search_file_rename AFTER UPDATE OF name ON audio_files WHEN OLD.name IS NOT NEW.name BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'name');
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.name FROM search_docs WHERE ref_id = NEW.id AND kind = 'name';
END;

CREATE TRIGGER search_file_delete AFTER DELETE ON audio_files BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = OLD.id AND kind = 'name');
  DELETE FROM search_docs WHERE ref_id = OLD.id AND kind = 'name';
END;

-- Speakers: the name the user gave (labels such as "A" are not indexed).
CREATE TRIGGER search_speaker_insert AFTER INSERT ON speakers BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'speaker');
  DELETE FROM search_docs WHERE ref_id = NEW.id AND kind = 'speaker';
  INSERT INTO search_docs (kind, ref_id, file_id)
    SELECT 'speaker', NEW.id, audio_file_id FROM transcripts WHERE id = NEW.transcript_id AND trim(coalesce(NEW.name, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT d.id, 'u' || replace(t.user_id, '-', ''), NEW.name
    FROM search_docs d, transcripts t WHERE d.ref_id = NEW.id AND d.kind = 'speaker' AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_speaker_rename AFTER UPDATE OF name ON speakers WHEN OLD.name IS NOT NEW.name BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'speaker');
  DELETE FROM search_docs WHERE ref_id = NEW.id AND kind = 'speaker';
  INSERT INTO search_docs (kind, ref_id, file_id)
    SELECT 'speaker', NEW.id, audio_file_id FROM transcripts WHERE id = NEW.transcript_id AND trim(coalesce(NEW.name, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT d.id, 'u' || replace(t.user_id, '-', ''), NEW.name
    FROM search_docs d, transcripts t WHERE d.ref_id = NEW.id AND d.kind = 'speaker' AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_speaker_delete AFTER DELETE ON speakers BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = OLD.id AND kind = 'speaker');
  DELETE FROM search_docs WHERE ref_id = OLD.id AND kind = 'speaker';
END;

-- Transcripts: the summary and the notes, each its own row while not empty.
CREATE TRIGGER search_transcript_insert AFTER INSERT ON transcripts BEGIN
  DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind IN ('summary', 'notes'));
  DELETE FROM search_docs WHERE ref_id = NEW.id AND kind IN ('summary', 'notes');
  INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'summary', NEW.id, NEW.audio_file_id WHERE trim(coalesce(NEW.summary, '')) <> '';
  INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'notes', NEW.id, NEW.audio_file_id WHERE trim(coalesce(NEW.notes, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), CASE kind WHEN 'summary' THEN NEW.summary ELSE NEW.notes END
    FROM search_docs WHERE ref_id = NEW.id AND kind IN ('summary', 'notes');
END;

CREATE TRIGGER search_summary_update AFTER UPDATE OF summary ON transcripts WHEN OLD.summary IS NOT NEW.summary BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'summary');
  DELETE FROM search_docs WHERE ref_id = NEW.id AND kind = 'summary';
  INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'summary', NEW.id, NEW.audio_file_id WHERE trim(coalesce(NEW.summary, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.summary FROM search_docs WHERE ref_id = NEW.id AND kind = 'summary';
END;

CREATE TRIGGER search_notes_update AFTER UPDATE OF notes ON transcripts WHEN OLD.notes IS NOT NEW.notes BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE ref_id = NEW.id AND kind = 'notes');
  DELETE FROM search_docs WHERE ref_id = NEW.id AND kind = 'notes';
  INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'notes', NEW.id, NEW.audio_file_id WHERE trim(coalesce(NEW.notes, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.notes FROM search_docs WHERE ref_id = NEW.id AND kind = 'notes';
END;

CREATE TRIGGER search_transcript_delete AFTER DELETE ON transcripts BEGIN
  DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_docs WHERE ref_id = OLD.id AND kind IN ('summary', 'notes'));
  DELETE FROM search_docs WHERE ref_id = OLD.id AND kind IN ('summary', 'notes');
END;

-- The index for what is already stored.
INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'name', id, id FROM audio_files;
INSERT INTO search_docs (kind, ref_id, file_id)
  SELECT 'transcript', u.id, t.audio_file_id FROM utterances u JOIN transcripts t ON t.id = u.transcript_id;
INSERT INTO search_docs (kind, ref_id, file_id)
  SELECT 'speaker', s.id, t.audio_file_id FROM speakers s JOIN transcripts t ON t.id = s.transcript_id WHERE trim(coalesce(s.name, '')) <> '';
INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'summary', id, audio_file_id FROM transcripts WHERE trim(coalesce(summary, '')) <> '';
INSERT INTO search_docs (kind, ref_id, file_id) SELECT 'notes', id, audio_file_id FROM transcripts WHERE trim(coalesce(notes, '')) <> '';

INSERT INTO search_fts (rowid, owner, body)
  SELECT d.id, 'u' || replace(f.user_id, '-', ''), f.name FROM search_docs d JOIN audio_files f ON f.id = d.ref_id WHERE d.kind = 'name';
INSERT INTO search_fts (rowid, owner, body)
  SELECT d.id, 'u' || replace(t.user_id, '-', ''), (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(u.words) w)
  FROM search_docs d JOIN utterances u ON u.id = d.ref_id JOIN transcripts t ON t.id = u.transcript_id WHERE d.kind = 'transcript';
INSERT INTO search_fts (rowid, owner, body)
  SELECT d.id, 'u' || replace(t.user_id, '-', ''), s.name
  FROM search_docs d JOIN speakers s ON s.id = d.ref_id JOIN transcripts t ON t.id = s.transcript_id WHERE d.kind = 'speaker';
INSERT INTO search_fts (rowid, owner, body)
  SELECT d.id, 'u' || replace(t.user_id, '-', ''), CASE d.kind WHEN 'summary' THEN t.summary ELSE t.notes END
  FROM search_docs d JOIN transcripts t ON t.id = d.ref_id WHERE d.kind IN ('summary', 'notes');
