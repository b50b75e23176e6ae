// Speakers, summary and notes of a transcript (docs/api.md and docs/product.md): the
// request bodies shared by the Worker and the SPA, and their texts.
import { z } from "zod";
import { BIDI_MESSAGE, NAME_MESSAGES, plainTextCheck } from "./names";

export const DETAILS_LIMITS = { nameMax: 255, roleMax: 255, summaryMax: 20_000, notesMax: 50_000, speakersMax: 200 } as const;

export const DETAILS_MESSAGES = {
  speakerNameRequired: "Speaker name is required",
  speakerNameTooLong: `Speaker name must be ${DETAILS_LIMITS.nameMax} characters or less`,
  speakerRoleTooLong: `Role must be ${DETAILS_LIMITS.roleMax} characters or less`,
  bidiControl: BIDI_MESSAGE,
  lineBreak: NAME_MESSAGES.lineBreak,
  controlCharacter: NAME_MESSAGES.control,
  tooManySpeakers: `A transcript holds at most ${DETAILS_LIMITS.speakersMax} speakers`,
  speakerHasUtterances: "Cannot delete speaker: speaker has utterances",
  speakerNotFound: "Speaker not found",
  summaryTooLong: `Summary must be ${DETAILS_LIMITS.summaryMax.toLocaleString("en-US")} characters or less`,
  notesTooLong: `Notes must be ${DETAILS_LIMITS.notesMax.toLocaleString("en-US")} characters or less`,
  fieldsEmpty: "Send transcript.summary or transcript.notes",
  speakerCreated: (label: string) => `Speaker ${label} created successfully!`,
  speakerCreateFailed: "Failed to create speaker. Please try again.",
  speakerDeleted: (label: string) => `Speaker ${label} deleted successfully`,
  speakerDeleteFailed: "Failed to delete speaker. Please try again.",
} as const;

// Plain text (common/names.ts), checked before the trim: a trailing line break is refused too.
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
