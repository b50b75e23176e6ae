-- A link import's download, as the file view shows it (decision 056): the bytes received so far and
-- the length the link declared. The link itself (import_url) is now kept after a failed import, so
-- the file shows it and Retry fetches it again.
ALTER TABLE audio_files ADD COLUMN import_received_bytes INTEGER;
ALTER TABLE audio_files ADD COLUMN import_total_bytes INTEGER;
