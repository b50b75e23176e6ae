// Corrections that teach the vocabulary: the same recognized word corrected to the same
// new text in two or more places makes a pair worth offering as a vocabulary term.
// Plain TypeScript, fed with the editor's local changes.
import type { Change } from "../../../core/change";
import { OPTION_LIMITS } from "../../../common/transcription-options";

export interface CorrectionPair {
  /** Identifies the pair: the recognized word (lower case, no punctuation) → the term. */
  key: string;
  /** The recognized word as first seen. */
  from: string;
  /** The corrected text without surrounding punctuation: the term to offer. */
  term: string;
}

/** Punctuation around a word ("Jane," "(acme)") is not part of the term. */
export const stripPunctuation = (text: string) => text.trim().replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, "");

export const pairKey = (from: string, term: string) => `${stripPunctuation(from).toLocaleLowerCase()}\u2192${term}`;

const MAX_TERM_WORDS = 4;

/**
 * Tracks, per word, what the recognizer wrote (its text when first seen changing) and what
 * it says now, across every change of the session; reports a pair once it holds in two
 * places. A word typed letter by letter passes through many texts; only its current one counts.
 */
export class CorrectionTracker {
  /** word id → recognized text. */
  private original = new Map<string, string>();
  /** word id → the pair it holds now (null: no correction). */
  private current = new Map<string, CorrectionPair | null>();
  private offered = new Set<string>();

  /**
   * @param skip a pair not to offer (declined before, or its term already in the vocabulary)
   */
  constructor(private readonly skip: (pair: CorrectionPair) => boolean = () => false) {}

  /** Records a local change; answers the pairs that just reached two places (each only once). */
  record(change: Change): CorrectionPair[] {
    const touched = new Set<string>();
    for (const u of change.utterances) {
      const before = u.before?.transcriptWords ?? [];
      const after = u.after?.transcriptWords ?? [];
      let afterById: Map<string, string> | null = null;
      for (let i = 0; i < before.length; i++) {
        const { id, text } = before[i]!;
        if (!this.original.has(id)) this.original.set(id, text);
        // A word mostly keeps its place (replace all, a typo fix): the map is built only when one moved.
        let now = after[i]?.id === id ? after[i]!.text : undefined;
        if (now === undefined) {
          afterById ??= new Map(after.map((w) => [w.id, w.text]));
          now = afterById.get(id);
        }
        const pair = this.pairFor(id, now);
        this.current.set(id, pair);
        if (pair) touched.add(pair.key);
      }
    }
    const ready: CorrectionPair[] = [];
    for (const key of touched) {
      if (this.offered.has(key)) continue;
      const places = [...this.current.values()].filter((p) => p?.key === key);
      if (places.length < 2 || this.skip(places[0]!)) continue;
      this.offered.add(key);
      ready.push(places[0]!);
    }
    return ready;
  }

  private pairFor(id: string, now: string | undefined): CorrectionPair | null {
    const from = this.original.get(id);
    if (from === undefined || now === undefined || now === from) return null;
    const term = stripPunctuation(now);
    // Only a real change of the word, into a short term, is a correction worth a term.
    if (!term || term === stripPunctuation(from) || term.length > OPTION_LIMITS.termMaxLength) return null;
    if (term.split(/\s+/).length > MAX_TERM_WORDS) return null;
    return { key: pairKey(from, term), from, term };
  }
}
