// Per-user limits on the costly calls (wrangler.toml [[ratelimits]] *_USER_LIMITER):
// each starts paid work. Over the limit the API answers 429 {error} with Retry-After.

/** Calls allowed per user in each window; the window, in seconds (the binding allows 10 or 60). */
export const COSTLY_LIMITS = {
  summary: { limit: 10, periodSeconds: 60, what: "summary requests" },
  export: { limit: 30, periodSeconds: 60, what: "export requests" },
  retranscribe: { limit: 10, periodSeconds: 60, what: "retranscribe requests" },
} as const;

export type CostlyAction = keyof typeof COSTLY_LIMITS;

/** The 429 message: what was limited and when to try again. */
export const costlyLimitMessage = (action: CostlyAction) => {
  const { what, periodSeconds } = COSTLY_LIMITS[action];
  return `Too many ${what}. Please try again in ${periodSeconds} seconds.`;
};

/**
 * Edits of transcripts per user, counted in the user's store (core/edit-rate.ts, decision 031):
 * a bucket of `burst` units refilled at `perSecond`. An edit costs one unit plus one per
 * `bytesPerUnit` of history it writes or steps through, at most `maxCost`: a person typing
 * (about one save a second) never meets it, nor a replace-all a minute; a script sending
 * replace-alls of thousands of matches back to back waits about ten seconds between them.
 */
export const EDIT_RATE = { burst: 600, perSecond: 5, bytesPerUnit: 8 * 1024, maxCost: 120 } as const;

export const editLimitMessage = (seconds: number) => `Too many edits. Please try again in ${seconds} seconds.`;
