// The library the search and ask benchmarks share: 100 generated files of 3 hours (3,000
// utterances and 30,000 words each), words drawn from a 4,000-word vocabulary with Zipf
// frequencies as speech has, seeded so every run holds the same library.
import type { NormalizedTranscript } from "../../worker/transcription/types";

export const FILES = 100;
export const UTTERANCES = 3_000;
export const WORDS_EACH = 10;
const VOCABULARY_SIZE = 4_000;

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "to",
  "sa",
  "vi",
  "del",
  "nor",
  "pe",
  "qua",
  "ri",
  "son",
  "te",
  "bu",
  "gar",
  "fo",
  "li",
  "men",
  "za",
];
export const vocabulary = Array.from({ length: VOCABULARY_SIZE }, (_, i) => {
  let word = "";
  for (let n = i + SYLLABLES.length; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});

/** Seeded, so every run searches the same library. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cumulative = (() => {
  const weights = vocabulary.map((_, rank) => 1 / (rank + 1));
  let sum = 0;
  const out = weights.map((w) => (sum += w));
  return out.map((c) => c / sum);
})();

function zipfWord(next: () => number): string {
  const x = next();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo]!;
}

export function generatedTranscript(seed: number): NormalizedTranscript {
  const next = random(seed);
  let t = 0;
  const list = Array.from({ length: UTTERANCES }, (_, u) => {
    const words = Array.from({ length: WORDS_EACH }, () => {
      const start = t;
      t += 0.33;
      return { text: zipfWord(next), start, end: t - 0.03, confidence: 0.9, hasEntities: false };
    });
    t += 0.6;
    return { speaker: String(u % 3), start: words[0]!.start, end: words.at(-1)!.end, words, sentiment: null, sentimentConfidence: null };
  });
  return { duration: t, speakers: ["0", "1", "2"], utterances: list };
}
