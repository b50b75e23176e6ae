-- Generated summaries: whether one is being written (or failed) for a transcript.
-- NULL when none is under way; the summary itself stays in transcripts.summary.
ALTER TABLE transcripts ADD COLUMN summary_status TEXT CHECK (summary_status IN ('generating', 'failed'));
ALTER TABLE transcripts ADD COLUMN summary_error TEXT;
