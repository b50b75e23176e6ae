// Share links: read-only links to one transcript that anyone can open and the
// owner can change or revoke (docs/security.md, "Share links"). Constants,
// texts and answer shapes only, so the shared page stays small (the zod
// schemas live in share-schemas.ts).

export const SHARE_LIMITS = {
  /** Links per file (one per recipient, say). */
  perFile: 20,
  /** Links of one user across all files, unexpired (QUOTA_SHARES overrides it). */
  perUserDefault: 1_000,
  minExpiryDays: 1,
  maxExpiryDays: 365,
  labelMaxLength: 100,
  /** How often an open shared page checks that its link still works. */
  recheckMs: 45_000,
} as const;

export const SHARE_MESSAGES = {
  gone: "This link is no longer available",
  notFound: "Share link not found",
  noTranscript: "This file has no transcript yet",
  exportFormat: "Shared transcripts download as txt, srt or vtt",
  mediaNotIncluded: "The recording is not shared with this link",
  tooManyForFile: `A file can have at most ${SHARE_LIMITS.perFile} share links. Revoke one to create another.`,
  tooMany: (max: number) => `You have reached the limit of ${max.toLocaleString("en-US")} share links. Revoke some to create new ones.`,
  expiryRange: `Expiry must be a whole number of days from ${SHARE_LIMITS.minExpiryDays} to ${SHARE_LIMITS.maxExpiryDays}, or null for none`,
  labelTooLong: `A label must be ${SHARE_LIMITS.labelMaxLength} characters or less`,
  updateEmpty: "Nothing to update: send at least one option",
  tooManyRequests: "Too many requests for shared transcripts. Please wait a minute and try again.",
} as const;

/** A share link as its owner sees it. The secret is stored only as a hash: `url` is known only in the answer that created it. */
export interface ShareDto {
  id: string;
  url: string | null;
  label: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  include_media: boolean;
  include_summary: boolean;
  include_notes: boolean;
  show_owner_name: boolean;
  views: number;
  last_viewed_at: string | null;
}

export interface SharedSpeakerDto {
  id: string;
  displayName: string;
  role: string | null;
}

/** What a share secret opens: the file's name and duration, the transcript's speakers, and only the parts included. */
export interface SharedTranscriptDto {
  name: string;
  duration: number | null;
  owner_name: string | null;
  include_media: boolean;
  include_summary: boolean;
  include_notes: boolean;
  expires_at: string | null;
  /** Null while the file has no transcript yet. */
  transcript: {
    speakers: SharedSpeakerDto[];
    wordCount: number;
    summary: string | null;
    notes: string | null;
  } | null;
}

export interface SharedMediaDto {
  url: string;
  content_type: string;
  expires_at: string;
}

/** The path of the shared page for a secret. */
export const sharedPagePath = (secret: string) => `/s/${secret}`;
