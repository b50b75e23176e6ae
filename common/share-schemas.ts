import * as z from "zod";
import { BIDI_MESSAGE, hasNoBidiControls } from "../core/plain-text";
import { SHARE_LIMITS, SHARE_MESSAGES } from "./shares";

const expiresInDays = z
  .number({ error: SHARE_MESSAGES.expiryRange })
  .int(SHARE_MESSAGES.expiryRange)
  .min(SHARE_LIMITS.minExpiryDays, SHARE_MESSAGES.expiryRange)
  .max(SHARE_LIMITS.maxExpiryDays, SHARE_MESSAGES.expiryRange)
  .nullable();

const label = z
  .string()
  .trim()
  .max(SHARE_LIMITS.labelMaxLength, SHARE_MESSAGES.labelTooLong)
  .refine(hasNoBidiControls, BIDI_MESSAGE)
  .nullable()
  .transform((v) => (v ? v : null));

const options = {
  include_media: z.boolean(),
  include_summary: z.boolean(),
  include_notes: z.boolean(),
  show_owner_name: z.boolean(),
  expires_in_days: expiresInDays,
  label,
};

/** POST /audio_files/{id}/shares: everything optional, nothing included by default, no expiry by default. */
export const shareCreateSchema = z.strictObject({
  include_media: options.include_media.default(false),
  include_summary: options.include_summary.default(false),
  include_notes: options.include_notes.default(false),
  show_owner_name: options.show_owner_name.default(false),
  expires_in_days: options.expires_in_days.default(null),
  label: options.label.default(null),
});

/** PATCH /shares/{id}: the options sent change; expires_in_days counts from now. */
export const shareUpdateSchema = z
  .strictObject({
    include_media: options.include_media.optional(),
    include_summary: options.include_summary.optional(),
    include_notes: options.include_notes.optional(),
    show_owner_name: options.show_owner_name.optional(),
    expires_in_days: options.expires_in_days.optional(),
    label: options.label.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), SHARE_MESSAGES.updateEmpty);

export type ShareCreateInput = z.infer<typeof shareCreateSchema>;
export type ShareUpdateInput = z.infer<typeof shareUpdateSchema>;
