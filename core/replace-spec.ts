// What replace all asks for, and its limits and refusals: shared by the matching rule
// (replace-match.ts) and the request schema (common/transcript-ops.ts).

export const REPLACE_LIMITS = { findMin: 2, findMax: 500, replaceMax: 500, matchesMax: 10_000 } as const;

export const REPLACE_MESSAGES = {
  findEmpty: "Find must not be empty",
  findTooShort: `Find needs at least ${REPLACE_LIMITS.findMin} characters`,
  findTooLong: `Find must be ${REPLACE_LIMITS.findMax} characters or less`,
  replaceTooLong: `Replace must be ${REPLACE_LIMITS.replaceMax} characters or less`,
  tooManyMatches: (count: number) =>
    `Found ${count.toLocaleString("en-US")} matches; replace all changes at most ${REPLACE_LIMITS.matchesMax.toLocaleString("en-US")} at once`,
} as const;

export interface MatchOptions {
  matchCase: boolean;
  wholeWord: boolean;
}

/** What replace all asks for, as the editor and the Worker see it. */
export interface ReplaceSpec extends MatchOptions {
  find: string;
  replace: string;
}
