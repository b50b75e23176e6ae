-- The file list in pages, newest first: one index walk per page instead of
-- sorting every file of the user for each page (id breaks ties, as the cursor does).
CREATE INDEX audio_files_user_created ON audio_files (user_id, created_at, id);
