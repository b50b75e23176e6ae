-- Transcription by pieces (decision 044): how many pieces of the recording the running job
-- has transcribed, of how many, so the file's progress block shows real progress.
ALTER TABLE audio_files ADD COLUMN job_chunks_done INTEGER;
ALTER TABLE audio_files ADD COLUMN job_chunks_total INTEGER;
