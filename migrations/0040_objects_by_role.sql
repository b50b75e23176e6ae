-- Objects cut by role (decision 053): a file's transcript lives in its own transcript room, named
-- by the file's id, so no file names the object that holds it any more.
ALTER TABLE audio_files DROP COLUMN store_id;
