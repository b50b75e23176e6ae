// Per-user limits on the costly calls (wrangler.toml [[ratelimits]] *_USER_LIMITER):
// each starts paid work. Over the limit the API answers 429 {error} with Retry-After.

/** Calls allowed per user in each window; the window, in seconds (the binding allows 10 or 60). */
export const COSTLY_LIMITS = {
  summary: { limit: 10, periodSeconds: 60, what: "summary requests" },
  export: { limit: 30, periodSeconds: 60, what: "export requests" },
  retranscribe: { limit: 10, periodSeconds: 60, what: "retranscribe requests" },
  ask: { limit: 20, periodSeconds: 60, what: "questions" },
  translate: { limit: 10, periodSeconds: 60, what: "translation requests" },
} as const;

export type CostlyAction = keyof typeof COSTLY_LIMITS;

/** The 429 message: what was limited and when to try again. */
export const costlyLimitMessage = (action: CostlyAction) => {
  const { what, periodSeconds } = COSTLY_LIMITS[action];
  return `Too many ${what}. Please try again in ${periodSeconds} seconds.`;
};
