// Redaction's requests and answers (decision 058), shared by the Worker and the SPA.
import * as z from "zod";
import { isRedactionLabel, REDACTION_LABELS, REDACTION_MESSAGES } from "../core/redaction";
import { PATTERN_KINDS, SUGGESTION_KINDS } from "../core/redaction-suggestions";
import { REPLACE_LIMITS, REPLACE_MESSAGES } from "../core/replace-spec";

export { REDACTION_LABELS, REDACTION_MESSAGES };

export const MEDIA_REDACTION_MESSAGES = {
  blocked: "The media still holds redacted speech: it plays again once rewritten (WAV), or delete it",
} as const;

/** Where a redacted file's media stands (audio_files.media_redaction; null: nothing redacted). */
export const MEDIA_REDACTION_STATES = ["pending", "done", "unsupported", "failed"] as const;
export type MediaRedactionState = (typeof MEDIA_REDACTION_STATES)[number];
/** Media that may still hold redacted speech is neither played, downloaded nor shared. */
export const mediaBlocked = (state: MediaRedactionState | null) => state !== null && state !== "done";

/** Where the media's redacted ranges are silent, or a quiet tone (WAV only; see decision 058). */
export const MEDIA_FILLS = ["silence", "tone"] as const;
export type MediaFill = (typeof MEDIA_FILLS)[number];

const label = z
  .string({ error: REDACTION_MESSAGES.label })
  .trim()
  .refine(isRedactionLabel, REDACTION_MESSAGES.label)
  .default("Other")
  .describe(`Shown as \`[Label]\`: ${REDACTION_LABELS.join(", ")} or your own (no spaces or brackets)`);
const wordId = z.string().min(1).max(100);
const fill = z
  .enum(MEDIA_FILLS)
  .default("silence")
  .describe("What the media plays across the range (a tone only where it can be written: WAV)");

/** POST /transcripts/{id}/redactions */
export const redactionCreateSchema = z.strictObject({ start_word_id: wordId, end_word_id: wordId, label, media: fill });

/** POST /transcripts/{id}/redactions/bulk: every whole-word occurrence of `query`, or every match of `kind`. */
export const redactionBulkSchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(REPLACE_LIMITS.findMin, REPLACE_MESSAGES.findTooShort)
      .max(REPLACE_LIMITS.findMax, REPLACE_MESSAGES.findTooLong)
      .optional(),
    kind: z.enum(PATTERN_KINDS).optional().describe("Every e-mail address, phone number or digit run instead of a query"),
    label,
    media: fill,
  })
  .refine((b) => (b.query === undefined) !== (b.kind === undefined), { message: "Send either query or kind" });

export const redactionSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    start_time: z.number(),
    end_time: z.number(),
    utterance_id: z.string(),
    marker_word_id: z.string().describe("The marker word `[Label]` that took the words' place"),
    media: z.enum(MEDIA_FILLS).describe("What the media plays across the range once rewritten"),
    created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Redaction" });
export type RedactionDto = z.infer<typeof redactionSchema>;

export const redactionSuggestionSchema = z
  .object({ kind: z.enum(SUGGESTION_KINDS), text: z.string(), count: z.number().int() })
  .meta({ id: "RedactionSuggestion" });
export type RedactionSuggestionDto = z.infer<typeof redactionSuggestionSchema>;
