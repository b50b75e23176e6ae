// Fractional order keys (rocicorp's fractional-indexing, as tldraw's IndexKey):
// a key between two neighbours is found without touching any other row, so a
// split or merge in the middle of 3,000 utterances writes O(1) rows. Keys
// compare as plain strings (SQLite's BINARY collation and JS `<` agree).
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

/** A key after `before` and before `after` (either may be absent). Deterministic. */
export const keyBetween = (before: string | null | undefined, after: string | null | undefined): string =>
  generateKeyBetween(before ?? null, after ?? null);

/** `n` increasing keys between two neighbours (either may be absent). */
export const keysBetween = (before: string | null | undefined, after: string | null | undefined, n: number): string[] =>
  generateNKeysBetween(before ?? null, after ?? null, n);

/** `n` increasing keys for a fresh transcript. */
export const initialKeys = (n: number): string[] => generateNKeysBetween(null, null, n);

export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
