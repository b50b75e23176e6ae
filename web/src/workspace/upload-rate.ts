// Speed and time left of an upload, from recent progress only, so a stall or a
// retry shows at once instead of being averaged away.
import { formatFileSize } from "../../../common/format";

/** How far back the speed looks. */
export const RATE_WINDOW_MS = 5_000;

export interface RateSample {
  at: number;
  bytes: number;
}

/** Adds a sample, keeping the window (and the last sample before it, to measure across the edge). */
export function addSample(samples: RateSample[], at: number, bytes: number): RateSample[] {
  const next = [...samples, { at, bytes }];
  const firstInWindow = next.findIndex((s) => s.at >= at - RATE_WINDOW_MS);
  return next.slice(Math.max(0, firstInWindow - 1));
}

/** Bytes per second over the window; null until there is a second of history. */
export function bytesPerSecond(samples: RateSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 1000) return null;
  return Math.max(0, (last.bytes - first.bytes) / ((last.at - first.at) / 1000));
}

/** "12.5 MB/s · 1 min 20 s left"; "" while unknown. */
export function describeRate(speed: number | null, remainingBytes: number): string {
  if (speed === null) return "";
  if (speed === 0) return "0 B/s · stalled";
  return `${formatFileSize(speed)}/s · ${formatTimeLeft(remainingBytes / speed)} left`;
}

export function formatTimeLeft(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
