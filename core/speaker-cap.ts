// At most DETAILS_LIMITS.speakersMax speakers a transcript. Creating one past it is refused
// (details-plans.ts); a recognition that tells more voices apart is stored all the same: the
// labels past the cap are folded into the last speaker kept (decision 032).
import { DETAILS_LIMITS } from "./details-limits";

/** The labels kept, in order, and the kept label each label's words go to. */
export function capLabels(
  labels: readonly string[],
  max: number = DETAILS_LIMITS.speakersMax,
): { kept: string[]; keptLabel: (label: string) => string } {
  const kept = labels.slice(0, max);
  const known = new Set(kept);
  const last = kept[kept.length - 1];
  return { kept, keptLabel: (label) => (known.has(label) || last === undefined ? label : last) };
}
