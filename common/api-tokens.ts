// Personal API tokens: what a script uses instead of a password sign-in
// (docs/api.md, "API tokens"). Limits, texts, input schema and answer shape.
import * as z from "zod";
import { BIDI_MESSAGE, plainTextCheck } from "../core/plain-text";

export const API_TOKEN_PREFIX = "tr_";
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_LIMITS = {
  perUser: 50,
  nameMaxLength: 100,
  minDays: 1,
  maxDays: 365,
  /** Requests per token per minute (API_TOKEN_LIMITER). */
  perMinute: 600,
} as const;

export const API_TOKEN_MESSAGES = {
  nameRequired: "Token name is required",
  nameTooLong: `Token name must be ${API_TOKEN_LIMITS.nameMaxLength} characters or less`,
  nameControls: "Token name cannot contain line breaks or control characters",
  scopes: 'Scopes must be ["read"] or ["read", "write"]',
  expiry: `Expiry must be a whole number of days from ${API_TOKEN_LIMITS.minDays} to ${API_TOKEN_LIMITS.maxDays}, or null for none`,
  tooMany: `You can have at most ${API_TOKEN_LIMITS.perUser} API tokens. Revoke one to create another.`,
  notFound: "API token not found",
  readOnly: "This API token can only read: create a token with the write scope to change anything",
  sessionOnly: "API tokens cannot be used for this: sign in to the app instead",
  tooManyRequests: "Too many requests with this API token. Please wait a minute and try again.",
} as const;

export const apiTokenCreateSchema = z.strictObject({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .superRefine(
      plainTextCheck({ bidi: BIDI_MESSAGE, lineBreak: API_TOKEN_MESSAGES.nameControls, control: API_TOKEN_MESSAGES.nameControls }),
    )
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_LIMITS.nameMaxLength, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopes }), { error: API_TOKEN_MESSAGES.scopes })
    .refine((s) => s.includes("read") && new Set(s).size === s.length, API_TOKEN_MESSAGES.scopes),
  expires_in_days: z
    .number({ error: API_TOKEN_MESSAGES.expiry })
    .int(API_TOKEN_MESSAGES.expiry)
    .min(API_TOKEN_LIMITS.minDays, API_TOKEN_MESSAGES.expiry)
    .max(API_TOKEN_LIMITS.maxDays, API_TOKEN_MESSAGES.expiry)
    .nullable()
    // Left out means the same as null: a token that does not expire.
    .default(null),
});
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateSchema>;

export interface ApiTokenDto {
  id: string;
  name: string;
  /** The secret's first characters, to tell tokens apart. */
  hint: string;
  scopes: ApiTokenScope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  /** Only in the answer that created it: the secret is stored as a hash. */
  token?: string;
}
