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

/** Per-user quotas (defaults; each is configurable, see worker/config.ts). */
export const DEFAULT_QUOTAS = {
  folders: 1_000,
  files: 10_000,
  storageGb: 100,
  transcriptionsPerHour: 60,
} as const;

const n = (value: number) => value.toLocaleString("en-US");
export const QUOTA_MESSAGES = {
  folders: (max: number) => `You have reached the limit of ${n(max)} folders. Delete some folders to create new ones.`,
  files: (max: number) => `You have reached the limit of ${n(max)} files. Delete some files to upload new ones.`,
  storage: (gb: number) => `This upload would take you past your ${n(gb)} GB of storage. Delete some files to make room.`,
  transcriptions: (max: number) => `You have started ${n(max)} transcriptions in the last hour, the most allowed. Please try again later.`,
} as const;
