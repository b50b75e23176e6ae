// The first screenful of a compact utterances answer as an answer of its own, so it
// can be decoded and drawn before the whole transcript is (decision 030): decoding
// 3,000 utterances costs tens of milliseconds on a page whose code is not yet warm.
import type { CompactUtterances } from "../../../../common/compact-utterances";

/** About a screenful and more: the view's first slice draws 40 cards. */
export const HEAD_UTTERANCES = 40;

/** Every id's length, in order. */
function lengthsOf(runs: readonly [number, number][]): number[] {
  const lengths: number[] = [];
  for (const [length, n] of runs) for (let i = 0; i < n; i++) lengths.push(length);
  return lengths;
}

function asRuns(lengths: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const length of lengths) {
    const last = runs[runs.length - 1];
    if (last && last[0] === length) last[1]++;
    else runs.push([length, 1]);
  }
  return runs;
}

/**
 * The first `count` utterances of `compact`, in the same shape: its ids are those
 * utterances' ids followed by their words' ids (the whole answer has every utterance
 * id first, then every word id).
 */
export function headOf(compact: CompactUtterances, count = HEAD_UTTERANCES): CompactUtterances {
  const total = compact.utterances.length;
  if (total <= count) return compact;
  const utterances = compact.utterances.slice(0, count);
  const lengths = lengthsOf(compact.idLengths);
  const words = utterances.reduce((n, u) => n + u[9].length, 0);
  const idLengths = [...lengths.slice(0, count), ...lengths.slice(total, total + words)];
  const offset = (index: number) => {
    let at = 0;
    for (let i = 0; i < index; i++) at += lengths[i]!;
    return at;
  };
  const ids = compact.ids.slice(0, offset(count)) + compact.ids.slice(offset(total), offset(total + words));
  return { format: "compact", speakers: compact.speakers, ids, idLengths: asRuns(idLengths), utterances };
}
