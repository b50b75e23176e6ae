import { useLayoutEffect, useRef, useState } from "react";

// The first screenful paints at once; the rest of a long transcript follows in
// slices between frames, so opening a 3-hour file never blocks typing. A slice
// is sized so that rendering it takes about SLICE_BUDGET_MS on this device
// (a long task is 50 ms or more).
const FIRST_SLICE = 40;
const SLICE_BUDGET_MS = 25;
const MIN_SLICE = 50;
const MAX_SLICE = 1000;
// Cards are grouped so the browser skips off-screen groups (content-visibility):
// a group near the viewport is laid out whole, so groups stay about a screenful.
export const CHUNK = 10;
// Up to this many utterances every word has its span from the start; a longer
// transcript is drawn lean and a text gets its spans when pointed at or focused.
export const ALL_SPANS_UP_TO = 200;

/** `final` is false while only the first screenful is in: the rest then follows in slices too. */
export function useProgressiveCount(total: number, final = true): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_SLICE));
  // Once everything is shown, later insertions (a split) show at once.
  const done = useRef(false);
  const slice = useRef({ size: 2 * MIN_SLICE, startedAt: 0 });
  if (final && shown >= total) done.current = true;
  useLayoutEffect(() => {
    if (done.current || shown >= total) return;
    const current = slice.current;
    if (current.startedAt) {
      const took = Math.max(1, performance.now() - current.startedAt);
      current.size = Math.min(MAX_SLICE, Math.max(MIN_SLICE, Math.round((current.size * SLICE_BUDGET_MS) / took)));
    }
    const timer = setTimeout(() => {
      current.startedAt = performance.now();
      setShown(shown + current.size);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return done.current ? total : shown;
}
