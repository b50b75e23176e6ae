import { useEffect, useMemo, useState } from "react";
import type { AudioFileDto } from "../../../common/library";
import { formatDuration } from "../../../core/timestamps";
import { describeProgress, OVERDUE_TEXT, pieceProgress, piecesOf, processingProgress } from "../lib/progress";

type Estimation = NonNullable<AudioFileDto["processingEstimation"]>;

/**
 * The progress block of a processing file, ticking every second from the server's estimation; for a
 * recording cut in pieces, by pieces done (pushed as each one finishes). `onCancel` offers to stop it.
 */
export function ProcessingProgress({
  estimation,
  job = null,
  onCancel,
}: {
  estimation: Estimation | null;
  job?: AudioFileDto["job"];
  onCancel?: () => void;
}) {
  // The estimation is as of its fetch: count local seconds from when it arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new estimation object is what resets the count
  const receivedAt = useMemo(() => Date.now(), [estimation]);
  const [now, setNow] = useState(receivedAt);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticking restarts with each new estimation
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [receivedAt]);

  const timed = estimation ? processingProgress(estimation, (now - receivedAt) / 1000) : null;
  const pieces = piecesOf(job);
  const progress = pieces ? pieceProgress(pieces, timed) : timed;
  return (
    <div className="card processing-card" data-testid="processing">
      <div className="processing-head">
        <strong>Transcribing…</strong>
        {pieces && (
          <span className="muted small" data-testid="processing-pieces">
            Chunk {Math.min(pieces.done + 1, pieces.total)} of {pieces.total}
          </span>
        )}
        {progress && (
          <span className="processing-percent" data-testid="processing-percent">
            {progress.percent}%
          </span>
        )}
      </div>
      <div
        className="progress processing-progress"
        role="progressbar"
        aria-label="Transcription progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress?.percent}
        aria-valuetext={progress ? describeProgress(progress) : undefined}
      >
        <div
          className={`progress-bar${progress ? "" : " progress-bar--indeterminate"}`}
          style={{ width: progress ? `${progress.percent}%` : undefined }}
        />
      </div>
      {progress ? (
        <p className="muted small processing-times" data-testid="processing-times">
          <span>{formatDuration(progress.elapsedSeconds)} elapsed</span>
          {" · "}
          {progress.overdue ? <span>{OVERDUE_TEXT}</span> : <span>about {formatDuration(progress.remainingSeconds)} remaining</span>}
        </p>
      ) : (
        <p className="muted small">The transcript will appear here when it is ready.</p>
      )}
      {job?.retrying && <RetryNotice job={job} now={now} />}
      {onCancel && (
        <button type="button" className="button button--ghost" data-testid="cancel-transcription" onClick={onCancel}>
          Cancel transcription
        </button>
      )}
    </div>
  );
}

/** The service failed and the job will try again: say which attempt, why, and when. */
function RetryNotice({ job, now }: { job: NonNullable<AudioFileDto["job"]>; now: number }) {
  const seconds = job.retryAt ? Math.max(0, Math.round((Date.parse(job.retryAt) - now) / 1000)) : null;
  return (
    <p className="small processing-retry" role="status" data-testid="processing-retry">
      Attempt {job.attempt} failed{job.error ? `: ${job.error}` : ""}.{" "}
      {seconds !== null && seconds > 0 ? `Trying again in ${formatDuration(seconds)}.` : "Trying again now."}
    </p>
  );
}
