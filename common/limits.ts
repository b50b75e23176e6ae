// Business constants from the spec (section 9).
export const LIMITS = {
  apiTimeoutMs: 10_000,
  minSplashMs: 1_500,
  redirectAfterSignupMs: 3_000,
  redirectAfterResetMs: 2_000,
  redirectAfterConfirmMs: 3_000,
  toastDurationMs: 3_000,
  toastFadeMs: 300,
  minPasswordLength: 8,
  nameMaxLength: 255,
  /** Bearer sessions last 30 days unless revoked. */
  sessionTtlSeconds: 30 * 24 * 3600,
  /** Password reset links expire within the hour. */
  resetTokenTtlSeconds: 3600,
  /** Confirmation links stay valid for 3 days. */
  confirmTokenTtlSeconds: 3 * 24 * 3600,
} as const;
