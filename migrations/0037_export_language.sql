-- Exports of a translation (decision 048): the language exported; NULL for the transcript itself.
ALTER TABLE exports ADD COLUMN language TEXT;
