import { formatDuration } from "../../../core/timestamps";
import type { ProcessingEstimation } from "../../../common/library";

/** docs/product.md#states: the bar never claims more than this before the file is ready. */
export const PROGRESS_CAP_PERCENT = 95;
export const OVERDUE_TEXT = "Taking longer than expected...";

export interface ProcessingProgress {
  /** Whole percent, 0 to 95. */
  percent: number;
  elapsedSeconds: number;
  remainingSeconds: number;
  overdue: boolean;
}

/**
 * Progress of a processing file from the server's estimation (as of the fetch)
 * plus the time that passed locally since.
 */
export function processingProgress(estimation: ProcessingEstimation, secondsSinceFetch: number): ProcessingProgress {
  const elapsed = Math.max(0, finite(estimation.elapsedSeconds) + Math.max(0, finite(secondsSinceFetch)));
  const total = Math.max(0, finite(estimation.estimatedTotalSeconds));
  const overdue = elapsed >= total;
  const ratio = total > 0 ? elapsed / total : 1;
  return {
    percent: Math.floor(Math.min(PROGRESS_CAP_PERCENT, ratio * 100)),
    elapsedSeconds: Math.floor(elapsed),
    remainingSeconds: overdue ? 0 : Math.ceil(total - elapsed),
    overdue,
  };
}

/** A long recording's job reports pieces done of how many (decision 044). */
export interface Pieces {
  done: number;
  total: number;
}

/** The job's pieces when the recording is cut in more than one; null otherwise (the time estimate alone says it). */
export function piecesOf(job: { chunksDone: number | null; chunksTotal: number | null } | null): Pieces | null {
  if (!job || job.chunksDone === null || job.chunksTotal === null || job.chunksTotal < 2) return null;
  return { done: Math.min(job.chunksDone, job.chunksTotal), total: job.chunksTotal };
}

/**
 * Progress from pieces done: the share done, and the time left as the time per piece so far
 * (elapsed / done) times the pieces left; before the first piece, the server's estimate.
 */
export function pieceProgress(pieces: Pieces, timed: ProcessingProgress | null): ProcessingProgress {
  const elapsed = timed?.elapsedSeconds ?? 0;
  const remaining = pieces.done > 0 ? Math.ceil((elapsed / pieces.done) * (pieces.total - pieces.done)) : (timed?.remainingSeconds ?? 0);
  return {
    percent: Math.floor(Math.min(PROGRESS_CAP_PERCENT, (pieces.done / pieces.total) * 100)),
    elapsedSeconds: elapsed,
    remainingSeconds: remaining,
    overdue: pieces.done === 0 && (timed?.overdue ?? false),
  };
}

/** "0:12 elapsed · about 0:08 remaining", or the overdue text. */
export function describeProgress(progress: ProcessingProgress): string {
  if (progress.overdue) return OVERDUE_TEXT;
  return `${formatDuration(progress.elapsedSeconds)} elapsed · about ${formatDuration(progress.remainingSeconds)} remaining`;
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);
