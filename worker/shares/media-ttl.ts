// How long a shared page's media link lives.

/** Media links of a shared page: issued per visit, long enough for one listening of the file, short otherwise. */
export function sharedMediaTtlSeconds(durationSeconds: number | null): number {
  const hour = 3600;
  return Math.min(4 * hour, Math.max(hour, Math.ceil((durationSeconds ?? 0) + hour / 2)));
}
