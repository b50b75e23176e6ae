// "Share this moment": a share link's address with the moment's times (`?t=83.2&e=88.1`), and the
// shared page's reading of them. The page trusts nothing in its address: a time that is not a
// plain number inside the recording is ignored (the page then opens at the start as usual).

export const MOMENT_PARAMS = { start: "t", end: "e" } as const;

/** Seconds as the address carries them: at most two decimals, no exponent. */
const seconds = (value: number) => String(Math.round(value * 100) / 100);

/** The share link's address opening at the moment from `start` to `end`. */
export function momentUrl(shareUrl: string, start: number, end: number): string {
  const url = new URL(shareUrl);
  url.searchParams.set(MOMENT_PARAMS.start, seconds(Math.max(0, start)));
  if (end > start) url.searchParams.set(MOMENT_PARAMS.end, seconds(end));
  return url.href;
}

export interface Moment {
  start: number;
  /** Null when the address names no end (or a bad one). */
  end: number | null;
}

const PLAIN_NUMBER = /^\d{1,7}(\.\d{1,3})?$/;

function timeIn(raw: string | null, duration: number | null): number | null {
  if (raw === null || !PLAIN_NUMBER.test(raw)) return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || (duration !== null && value > duration)) return null;
  return value;
}

/** The moment an address names, or null; `duration` (when known) bounds it. */
export function parseMoment(search: string | URLSearchParams, duration: number | null): Moment | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const start = timeIn(params.get(MOMENT_PARAMS.start), duration);
  if (start === null) return null;
  const end = timeIn(params.get(MOMENT_PARAMS.end), duration);
  return { start, end: end !== null && end > start ? end : null };
}
