import { useLayoutEffect, useRef, useState } from "react";

// The first screenful paints at once; the rest of a long transcript follows in
// slices between frames, so opening a 3-hour file never blocks typing. A slice
// is sized so that rendering it takes about SLICE_BUDGET_MS on this device
// (a long task is 50 ms or more).
// The budget leaves room for what the browser does after a slice (style, layout) and for
// a garbage collection, so that no task reaches 50 ms on a slow device.
const FIRST_SLICE = 40;
const SLICE_BUDGET_MS = 15;
const MIN_SLICE = 20;
const MAX_SLICE = 300;
// Cards are grouped so the browser skips off-screen groups (content-visibility):
// a group near the viewport is laid out whole, so groups stay about a screenful.
// Slices are whole groups, so a group drawn once is not rendered again.
export const CHUNK = 10;
// Up to this many utterances every word has its span from the start; a longer
// transcript is drawn lean and a text gets its spans when pointed at or focused.
export const ALL_SPANS_UP_TO = 200;

/** `final` is false while only the first screenful is in: the rest then follows in slices too. */
export function useProgressiveCount(total: number, final = true): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_SLICE));
  // Once everything is shown, later insertions (a split) show at once.
  const done = useRef(false);
  const slice = useRef({ size: 3 * MIN_SLICE, startedAt: 0 });
  if (final && shown >= total) done.current = true;
  useLayoutEffect(() => {
    if (done.current || shown >= total) return;
    const current = slice.current;
    if (current.startedAt) {
      const took = Math.max(1, performance.now() - current.startedAt);
      const size = Math.min(MAX_SLICE, Math.max(MIN_SLICE, (current.size * SLICE_BUDGET_MS) / took));
      current.size = Math.round(size / CHUNK) * CHUNK;
    }
    const timer = setTimeout(() => {
      current.startedAt = performance.now();
      setShown(shown + current.size);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return done.current ? total : shown;
}
