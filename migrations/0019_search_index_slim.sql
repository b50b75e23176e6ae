-- The library search index in a fraction of the bytes (docs/decisions/025-search-index-slim.md).
-- Replaces 0014's tables and triggers: the FTS5 table keeps only its index (the text is read
-- from the rows it comes from) and no prefix indexes; its rows name their source by an integer
-- kind and the source id, and their file by the integer id of the file's name row. Then
-- rebuilds the index from what is stored.

DROP TRIGGER IF EXISTS search_utterance_insert;
DROP TRIGGER IF EXISTS search_utterance_update;
DROP TRIGGER IF EXISTS search_utterance_delete;
DROP TRIGGER IF EXISTS search_file_insert;
DROP TRIGGER IF EXISTS search_file_rename;
DROP TRIGGER IF EXISTS search_file_delete;
DROP TRIGGER IF EXISTS search_speaker_insert;
DROP TRIGGER IF EXISTS search_speaker_rename;
DROP TRIGGER IF EXISTS search_speaker_delete;
DROP TRIGGER IF EXISTS search_transcript_insert;
DROP TRIGGER IF EXISTS search_summary_update;
DROP TRIGGER IF EXISTS search_notes_update;
DROP TRIGGER IF EXISTS search_transcript_delete;
DROP TABLE IF EXISTS search_fts;
DROP TABLE IF EXISTS search_docs;

-- One row per indexed text; its id is the FTS row's rowid. `kind`: 0 an utterance's words,
-- 1 a file name, 2 a speaker name, 3 a summary, 4 notes; `ref_id` the utterance, audio file,
-- speaker or transcript (3 and 4) the text comes from. `file_row` (kinds 0, 2, 3, 4) is the id
-- of the file's name row: a few bytes instead of the file id, and search finds each hit's file
-- without reading the utterance.
CREATE TABLE search_refs (
  id INTEGER PRIMARY KEY,
  kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 4),
  ref_id TEXT NOT NULL,
  file_row INTEGER
);
CREATE UNIQUE INDEX search_refs_ref ON search_refs (ref_id, kind);

-- What each index row says and whose it is, read from the source rows: FTS5's external content
-- (search reads the page's texts itself; a full delete, a rebuild and integrity checks read this).
-- An utterance's text is the triggers' expression, spelled without json_each: FTS5 cannot
-- rebuild or check from a view that uses a table-valued function. Words in the compact form
-- (migration 0020, decision 026) hold their text joined already, at `$[1]`.
CREATE VIEW search_text (id, owner, body) AS
  SELECT r.id, 'u' || replace(coalesce(t.user_id, f.user_id), '-', ''), CASE r.kind
      WHEN 0 THEN CASE WHEN json_type(u.words, '$[0]') = 'array' THEN json_extract(u.words, '$[1]') ELSE (
        WITH RECURSIVE i (n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n + 1 < json_array_length(u.words))
        SELECT group_concat(json_extract(u.words, '$[' || n || '].t'), ' ') FROM i) END
      WHEN 1 THEN f.name WHEN 2 THEN s.name WHEN 3 THEN t.summary ELSE t.notes END
  FROM search_refs r
  LEFT JOIN utterances u ON r.kind = 0 AND u.id = r.ref_id
  LEFT JOIN speakers s ON r.kind = 2 AND s.id = r.ref_id
  LEFT JOIN audio_files f ON r.kind = 1 AND f.id = r.ref_id
  LEFT JOIN transcripts t ON t.id = CASE r.kind WHEN 0 THEN u.transcript_id WHEN 2 THEN s.transcript_id WHEN 1 THEN NULL ELSE r.ref_id END;

-- Each index row by kind name with its audio file, as search reads it.
CREATE VIEW search_docs (id, kind, ref_id, file_id) AS
  SELECT r.id, CASE r.kind WHEN 0 THEN 'transcript' WHEN 1 THEN 'name' WHEN 2 THEN 'speaker' WHEN 3 THEN 'summary' ELSE 'notes' END,
    r.ref_id, CASE r.kind WHEN 1 THEN r.ref_id ELSE n.ref_id END
  FROM search_refs r LEFT JOIN search_refs n ON n.id = r.file_row;

-- Index rows can still be written and removed as 0014 wrote them (kind by name, the file by id; names first).
CREATE TRIGGER search_docs_insert INSTEAD OF INSERT ON search_docs BEGIN
  INSERT INTO search_refs (id, kind, ref_id, file_row) VALUES (NEW.id,
    CASE NEW.kind WHEN 'transcript' THEN 0 WHEN 'name' THEN 1 WHEN 'speaker' THEN 2 WHEN 'summary' THEN 3 WHEN 'notes' THEN 4 END,
    NEW.ref_id,
    (SELECT id FROM search_refs WHERE ref_id = NEW.file_id AND kind = 1 AND NEW.kind <> 'name'));
END;

CREATE TRIGGER search_docs_delete INSTEAD OF DELETE ON search_docs BEGIN
  DELETE FROM search_refs WHERE id = OLD.id;
END;

-- `owner` holds one token per row ('u' + the user id without dashes): every query matches it,
-- so the index itself keeps users apart. It is the second column: FTS5 marks positions outside
-- the first column, so once per row for the owner rather than once per word. No prefix indexes:
-- FTS5 answers the last word's prefix by scanning that range of terms, fast enough (decision 025).
CREATE VIRTUAL TABLE search_fts USING fts5 (
  body, owner, tokenize = 'unicode61 remove_diacritics 2', content = 'search_text', content_rowid = 'id'
);

-- An external-content index forgets a row by being told the exact text it indexed: the
-- triggers pass the old values ('delete'), so the changed row alone is rewritten.

-- Utterances: the words' texts joined by spaces.
CREATE TRIGGER search_utterance_insert AFTER INSERT ON utterances BEGIN
  INSERT INTO search_refs (kind, ref_id, file_row)
    SELECT 0, NEW.id, n.id FROM transcripts t, search_refs n WHERE t.id = NEW.transcript_id AND n.ref_id = t.audio_file_id AND n.kind = 1;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(NEW.words, '$[0]') = 'array' THEN json_extract(NEW.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(NEW.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = NEW.id AND r.kind = 0 AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_utterance_update AFTER UPDATE OF words ON utterances WHEN OLD.words IS NOT NEW.words BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(OLD.words, '$[0]') = 'array' THEN json_extract(OLD.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(OLD.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = OLD.id AND r.kind = 0 AND t.id = OLD.transcript_id;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(NEW.words, '$[0]') = 'array' THEN json_extract(NEW.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(NEW.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = NEW.id AND r.kind = 0 AND t.id = NEW.transcript_id;
END;

-- When the whole transcript goes, search_transcript_delete has already taken this row out.
CREATE TRIGGER search_utterance_delete AFTER DELETE ON utterances BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', r.id, 'u' || replace(t.user_id, '-', ''),
      CASE WHEN json_type(OLD.words, '$[0]') = 'array' THEN json_extract(OLD.words, '$[1]')
        ELSE (SELECT group_concat(json_extract(w.value, '$.t'), ' ') FROM json_each(OLD.words) w) END
    FROM search_refs r, transcripts t WHERE r.ref_id = OLD.id AND r.kind = 0 AND t.id = OLD.transcript_id;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 0;
END;

-- Audio files: the name.
CREATE TRIGGER search_file_insert AFTER INSERT ON audio_files BEGIN
  INSERT INTO search_refs (kind, ref_id) VALUES (1, NEW.id);
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.name FROM search_refs WHERE ref_id = NEW.id AND kind = 1;
END;

CREATE TRIGGER search_file_rename AFTER UPDATE OF name ON audio_files WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.user_id, '-', ''), OLD.name FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.name FROM search_refs WHERE ref_id = NEW.id AND kind = 1;
END;

CREATE TRIGGER search_file_delete AFTER DELETE ON audio_files BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.user_id, '-', ''), OLD.name FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 1;
END;

-- Speakers: the name the user gave (labels such as "A" are not indexed).
CREATE TRIGGER search_speaker_insert AFTER INSERT ON speakers WHEN trim(coalesce(NEW.name, '')) <> '' BEGIN
  INSERT INTO search_refs (kind, ref_id, file_row)
    SELECT 2, NEW.id, n.id FROM transcripts t, search_refs n WHERE t.id = NEW.transcript_id AND n.ref_id = t.audio_file_id AND n.kind = 1;
  INSERT INTO search_fts (rowid, owner, body)
    SELECT r.id, 'u' || replace(t.user_id, '-', ''), NEW.name
    FROM search_refs r, transcripts t WHERE r.ref_id = NEW.id AND r.kind = 2 AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_speaker_rename AFTER UPDATE OF name ON speakers WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', r.id, 'u' || replace(t.user_id, '-', ''), OLD.name
    FROM search_refs r, transcripts t WHERE r.ref_id = OLD.id AND r.kind = 2 AND t.id = OLD.transcript_id;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 2 AND trim(coalesce(NEW.name, '')) = '';
  INSERT OR IGNORE INTO search_refs (kind, ref_id, file_row)
    SELECT 2, NEW.id, n.id FROM transcripts t, search_refs n
    WHERE t.id = NEW.transcript_id AND n.ref_id = t.audio_file_id AND n.kind = 1 AND trim(coalesce(NEW.name, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT r.id, 'u' || replace(t.user_id, '-', ''), NEW.name
    FROM search_refs r, transcripts t WHERE r.ref_id = NEW.id AND r.kind = 2 AND t.id = NEW.transcript_id;
END;

CREATE TRIGGER search_speaker_delete AFTER DELETE ON speakers BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', r.id, 'u' || replace(t.user_id, '-', ''), OLD.name
    FROM search_refs r, transcripts t WHERE r.ref_id = OLD.id AND r.kind = 2 AND t.id = OLD.transcript_id;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 2;
END;

-- Transcripts: the summary and the notes, each its own row while not empty.
CREATE TRIGGER search_transcript_insert AFTER INSERT ON transcripts BEGIN
  INSERT INTO search_refs (kind, ref_id, file_row)
    SELECT 3, NEW.id, id FROM search_refs WHERE ref_id = NEW.audio_file_id AND kind = 1 AND trim(coalesce(NEW.summary, '')) <> '';
  INSERT INTO search_refs (kind, ref_id, file_row)
    SELECT 4, NEW.id, id FROM search_refs WHERE ref_id = NEW.audio_file_id AND kind = 1 AND trim(coalesce(NEW.notes, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), CASE kind WHEN 3 THEN NEW.summary ELSE NEW.notes END
    FROM search_refs WHERE ref_id = NEW.id AND kind IN (3, 4);
END;

CREATE TRIGGER search_summary_update AFTER UPDATE OF summary ON transcripts WHEN OLD.summary IS NOT NEW.summary BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.user_id, '-', ''), OLD.summary FROM search_refs WHERE ref_id = OLD.id AND kind = 3;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 3 AND trim(coalesce(NEW.summary, '')) = '';
  INSERT OR IGNORE INTO search_refs (kind, ref_id, file_row)
    SELECT 3, NEW.id, id FROM search_refs WHERE ref_id = NEW.audio_file_id AND kind = 1 AND trim(coalesce(NEW.summary, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.summary FROM search_refs WHERE ref_id = NEW.id AND kind = 3;
END;

CREATE TRIGGER search_notes_update AFTER UPDATE OF notes ON transcripts WHEN OLD.notes IS NOT NEW.notes BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body)
    SELECT 'delete', id, 'u' || replace(OLD.user_id, '-', ''), OLD.notes FROM search_refs WHERE ref_id = OLD.id AND kind = 4;
  DELETE FROM search_refs WHERE ref_id = OLD.id AND kind = 4 AND trim(coalesce(NEW.notes, '')) = '';
  INSERT OR IGNORE INTO search_refs (kind, ref_id, file_row)
    SELECT 4, NEW.id, id FROM search_refs WHERE ref_id = NEW.audio_file_id AND kind = 1 AND trim(coalesce(NEW.notes, '')) <> '';
  INSERT INTO search_fts (rowid, owner, body)
    SELECT id, 'u' || replace(NEW.user_id, '-', ''), NEW.notes FROM search_refs WHERE ref_id = NEW.id AND kind = 4;
END;

-- Before the row goes: its utterances and speakers follow by cascade, after it, when their
-- owner (this row's user) can no longer be read; while all are here, search_text reads their texts.
CREATE TRIGGER search_transcript_delete BEFORE DELETE ON transcripts BEGIN
  INSERT INTO search_fts (search_fts, rowid, owner, body) SELECT 'delete', id, owner, body FROM search_text WHERE id IN (
    SELECT r.id FROM utterances u JOIN search_refs r ON r.ref_id = u.id AND r.kind = 0 WHERE u.transcript_id = OLD.id
    UNION ALL SELECT r.id FROM speakers s JOIN search_refs r ON r.ref_id = s.id AND r.kind = 2 WHERE s.transcript_id = OLD.id
    UNION ALL SELECT id FROM search_refs WHERE ref_id = OLD.id AND kind IN (3, 4));
  DELETE FROM search_refs WHERE id IN (
    SELECT r.id FROM utterances u JOIN search_refs r ON r.ref_id = u.id AND r.kind = 0 WHERE u.transcript_id = OLD.id
    UNION ALL SELECT r.id FROM speakers s JOIN search_refs r ON r.ref_id = s.id AND r.kind = 2 WHERE s.transcript_id = OLD.id
    UNION ALL SELECT id FROM search_refs WHERE ref_id = OLD.id AND kind IN (3, 4));
END;

-- The index for what is already stored.
INSERT INTO search_refs (kind, ref_id) SELECT 1, id FROM audio_files;
INSERT INTO search_refs (kind, ref_id, file_row)
  SELECT 0, u.id, n.id FROM utterances u JOIN transcripts t ON t.id = u.transcript_id
  JOIN search_refs n ON n.ref_id = t.audio_file_id AND n.kind = 1;
INSERT INTO search_refs (kind, ref_id, file_row)
  SELECT 2, s.id, n.id FROM speakers s JOIN transcripts t ON t.id = s.transcript_id
  JOIN search_refs n ON n.ref_id = t.audio_file_id AND n.kind = 1
  WHERE trim(coalesce(s.name, '')) <> '';
INSERT INTO search_refs (kind, ref_id, file_row)
  SELECT 3, t.id, n.id FROM transcripts t JOIN search_refs n ON n.ref_id = t.audio_file_id AND n.kind = 1
  WHERE trim(coalesce(t.summary, '')) <> '';
INSERT INTO search_refs (kind, ref_id, file_row)
  SELECT 4, t.id, n.id FROM transcripts t JOIN search_refs n ON n.ref_id = t.audio_file_id AND n.kind = 1
  WHERE trim(coalesce(t.notes, '')) <> '';
INSERT INTO search_fts (search_fts) VALUES ('rebuild');
