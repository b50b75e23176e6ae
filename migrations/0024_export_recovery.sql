-- Exports a restart left waiting or generating (their queue message lost) are re-queued by the
-- recovery sweep, a bounded number of times, as transcription jobs are (job_requeues).
ALTER TABLE exports ADD COLUMN requeues INTEGER NOT NULL DEFAULT 0;
-- The sweep's question: unfinished exports by their last change.
CREATE INDEX exports_unfinished ON exports (updated_at) WHERE status IN ('pending', 'processing');
