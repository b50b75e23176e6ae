// Transcript search (docs/product.md#transcript-editor "Transcript editing"): active from 2
// trimmed characters, case-insensitive, every occurrence, Enter / Shift+Enter
// to the next / previous match with wrap-around.
//
// An utterance's text is its words joined by single spaces; a query may cover
// several words ("the cat") or part of one ("at" in "cat"). Each utterance's
// lowercase text is built once and cached by object identity: pass immutable
// objects (query data, valtio snapshots), a changed utterance being a new object.
import { DEFAULT_MATCH_OPTIONS, findInText, lowerSameLength, normalizeFind } from "../../../../core/replace-match";
import type { MatchOptions } from "../../../../core/replace-spec";

/** docs/product.md#transcript-editor: search minimum length. */
export const SEARCH_MIN_LENGTH = 2;

export interface SearchWord {
  readonly id: string;
  readonly text: string;
}

export interface SearchUtterance {
  readonly id: string;
  readonly transcriptWords: readonly SearchWord[];
}

export interface SearchMatch {
  utteranceId: string;
  /** The words the match covers, wholly or in part, in order. */
  wordIds: string[];
  /** Offsets in the utterance's text (words joined by single spaces); end exclusive. */
  start: number;
  end: number;
}

/** The lowercase query to look for, or null when search is not active (< 2 characters after trimming). */
export function normalizeQuery(query: string): string | null {
  const found = normalizeFind(query);
  return found === null ? null : lowerSameLength(found);
}

interface IndexedUtterance {
  words: readonly SearchWord[];
  text: string;
  lower: string;
  /** Offset of each word in the text. */
  starts: Int32Array;
}

const cache = new WeakMap<SearchUtterance, IndexedUtterance>();

function indexed(utterance: SearchUtterance): IndexedUtterance {
  const words = utterance.transcriptWords;
  const hit = cache.get(utterance);
  if (hit && hit.words === words) return hit;
  const starts = new Int32Array(words.length);
  let offset = 0;
  for (let i = 0; i < words.length; i++) {
    starts[i] = offset;
    offset += words[i]!.text.length + 1;
  }
  const text = utteranceText(utterance);
  const entry = { words, text, lower: lowerSameLength(text), starts };
  cache.set(utterance, entry);
  return entry;
}

/** The text offsets refer to: the words joined by single spaces. */
export function utteranceText(utterance: SearchUtterance): string {
  return utterance.transcriptWords.map((word) => word.text).join(" ");
}

/** Index of the word holding text offset `at` (a space belongs to the word before it). */
function wordIndexAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Every occurrence (not overlapping, like a browser's find), in document order. Empty when inactive.
 * The rule is replace all's (core/replace-match.ts), so `n of m` counts what it would change.
 */
export function findMatches(
  utterances: readonly SearchUtterance[],
  query: string,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): SearchMatch[] {
  const needle = normalizeFind(query);
  if (needle === null) return [];
  const matches: SearchMatch[] = [];
  for (const utterance of utterances) {
    const { text, lower, starts, words } = indexed(utterance);
    for (const { start, end } of findInText(text, needle, options, lower)) {
      const wordIds: string[] = [];
      for (let i = Math.max(0, wordIndexAt(starts, start)); i < words.length && starts[i]! < end; i++) wordIds.push(words[i]!.id);
      matches.push({ utteranceId: utterance.id, wordIds, start, end });
    }
  }
  return matches;
}

/** "3 of 12"; "0 of 0" when nothing matches. */
export function searchLabel(state: { current: number; total: number }): string {
  return state.total === 0 ? "0 of 0" : `${state.current + 1} of ${state.total}`;
}

/**
 * The search box's state: the query, the matches over the current utterances,
 * and which match is current (0-based; -1 when there is none).
 */
export class SearchState {
  private text = "";
  private matchOptions: MatchOptions = DEFAULT_MATCH_OPTIONS;
  private list: readonly SearchUtterance[];
  private found: SearchMatch[] = [];
  private index = -1;
  private byUtterance: Map<string, SearchMatch[]> | null = null;

  constructor(utterances: readonly SearchUtterance[] = [], query = "") {
    this.list = utterances;
    this.setQuery(query);
  }

  get query(): string {
    return this.text;
  }

  /** Whether the query is long enough to search. */
  get active(): boolean {
    return normalizeQuery(this.text) !== null;
  }

  get matches(): readonly SearchMatch[] {
    return this.found;
  }

  get total(): number {
    return this.found.length;
  }

  get current(): number {
    return this.index;
  }

  get currentMatch(): SearchMatch | null {
    return this.found[this.index] ?? null;
  }

  /** Empty while inactive, else "n of m". */
  get label(): string {
    return this.active ? searchLabel(this) : "";
  }

  /** A new query starts at its first match. */
  setQuery(query: string): void {
    this.text = query;
    this.recompute();
    this.index = this.found.length > 0 ? 0 : -1;
  }

  get options(): MatchOptions {
    return this.matchOptions;
  }

  /** Match case / whole word changed: the matches are found again from the first. */
  setOptions(options: MatchOptions): void {
    this.matchOptions = options;
    this.setQuery(this.text);
  }

  /** After edits: the matches are found again; the current one stays if it still exists. */
  setUtterances(utterances: readonly SearchUtterance[], force = false): void {
    // The store replaces changed utterances in place: after its change events the same list needs `force`.
    if (utterances === this.list && !force) return;
    const was = this.currentMatch;
    this.list = utterances;
    this.recompute();
    if (this.found.length === 0) {
      this.index = -1;
      return;
    }
    const same = was ? this.found.findIndex((m) => m.utteranceId === was.utteranceId && m.start === was.start) : -1;
    this.index = same >= 0 ? same : Math.min(Math.max(this.index, 0), this.found.length - 1);
  }

  /**
   * Makes current the first match at or after `offset` in utterance `utteranceId`, in document
   * order (`order` gives an utterance's index), wrapping to the first: after a replacement the
   * text put in is not searched again.
   */
  seekAfter(order: (utteranceId: string) => number, utteranceId: string, offset: number): void {
    if (this.found.length === 0) return;
    const at = order(utteranceId);
    const i = this.found.findIndex((m) => {
      const o = order(m.utteranceId);
      return o > at || (o === at && m.start >= offset);
    });
    this.index = Math.max(i, 0);
  }

  /** Enter: the next match, after the last the first. */
  next(): SearchMatch | null {
    return this.step(1);
  }

  /** Shift+Enter: the previous match, before the first the last. */
  prev(): SearchMatch | null {
    return this.step(-1);
  }

  /** The matches inside one utterance, for highlighting. */
  matchesIn(utteranceId: string): readonly SearchMatch[] {
    if (!this.byUtterance) {
      this.byUtterance = new Map();
      for (const match of this.found) {
        const list = this.byUtterance.get(match.utteranceId);
        if (list) list.push(match);
        else this.byUtterance.set(match.utteranceId, [match]);
      }
    }
    return this.byUtterance.get(utteranceId) ?? [];
  }

  private step(delta: 1 | -1): SearchMatch | null {
    const total = this.found.length;
    if (total === 0) return null;
    const from = this.index < 0 ? (delta === 1 ? -1 : total) : this.index;
    this.index = (((from + delta) % total) + total) % total;
    return this.found[this.index]!;
  }

  private recompute(): void {
    this.found = findMatches(this.list, this.text, this.matchOptions);
    this.byUtterance = null;
  }
}
