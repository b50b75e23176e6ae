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

/** "0:12 elapsed · about 0:08 remaining", or the overdue text. */
export function describeProgress(progress: ProcessingProgress): string {
  if (progress.overdue) return OVERDUE_TEXT;
  return `${formatDuration(progress.elapsedSeconds)} elapsed · about ${formatDuration(progress.remainingSeconds)} remaining`;
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);
