// Speakers, summary and notes of a transcript (docs/api.md and docs/product.md): the
// request bodies shared by the Worker and the SPA (their limits and texts: core/details-limits.ts).
import * as z from "zod";
import { DETAILS_LIMITS, DETAILS_MESSAGES } from "../core/details-limits";
import { plainTextCheck } from "../core/plain-text";

// Plain text (core/plain-text.ts), checked before the trim: a trailing line break is refused too.
const speakerName = z
  .string({ error: DETAILS_MESSAGES.speakerNameRequired })
  .superRefine(plainTextCheck())
  .trim()
  .min(1, DETAILS_MESSAGES.speakerNameRequired)
  .max(DETAILS_LIMITS.nameMax, DETAILS_MESSAGES.speakerNameTooLong);
/** Optional free text, trimmed; empty means none. */
const role = z
  .string()
  .superRefine(plainTextCheck())
  .trim()
  .max(DETAILS_LIMITS.roleMax, DETAILS_MESSAGES.speakerRoleTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const speakerUpdateSchema = z.object({ speaker: z.object({ name: speakerName, role }) });
/** The body is optional: an empty one creates "Speaker n" with no role. */
export const speakerCreateSchema = z.object({ speaker: z.object({ name: speakerName.optional(), role }).optional() });

const text = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullable()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const transcriptFieldsSchema = z.object({
  transcript: z
    .object({
      summary: text(DETAILS_LIMITS.summaryMax, DETAILS_MESSAGES.summaryTooLong).optional(),
      notes: text(DETAILS_LIMITS.notesMax, DETAILS_MESSAGES.notesTooLong).optional(),
    })
    .refine((v) => v.summary !== undefined || v.notes !== undefined, DETAILS_MESSAGES.fieldsEmpty),
});
