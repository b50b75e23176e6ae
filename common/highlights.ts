// Highlights (docs/api.md#highlights, decision 047): words of a transcript marked with a label
// from the workspace's small set, listed, exported as a quote list and shared as a moment.
// Limits, texts, input schemas and answer shapes shared by the Worker and the SPA; the answer
// shapes follow the public API contract, hence their snake_case keys.
import * as z from "zod";
import { BIDI_MESSAGE, plainTextCheck } from "../core/plain-text";

export const HIGHLIGHT_LIMITS = {
  labelMaxLength: 40,
  /** Highlights of one file. */
  perFile: 1_000,
  /** Words one highlight can cover (a few minutes of speech; a quote, not a chapter). */
  maxWords: 1_000,
  /** Custom labels one workspace keeps beside the defaults. */
  customLabels: 50,
  /** Highlights one quote list lists (in text order); more are named in a closing line. */
  exportMax: 500,
} as const;

/** Every workspace has these; custom ones are added by using them (decision 047). */
export const DEFAULT_HIGHLIGHT_LABELS = ["quote", "action item", "follow up"] as const;

export const HIGHLIGHT_MESSAGES = {
  notFound: "Highlight not found",
  labelRequired: "label is required",
  labelTooLong: `A label must be ${HIGHLIGHT_LIMITS.labelMaxLength} characters or less`,
  labelControls: "A label cannot contain line breaks or control characters",
  labelNotFound: "Label not found",
  defaultLabel: "The default labels cannot be removed",
  tooManyLabels: `A workspace can have at most ${HIGHLIGHT_LIMITS.customLabels} custom labels. Remove one to add another.`,
  wordIdRequired: "start_word_id and end_word_id are required",
  wordsNotFound: "The selected words are not in this transcript",
  wordsReversed: "The first word must come before the last one",
  tooLong: `A highlight can cover at most ${HIGHLIGHT_LIMITS.maxWords.toLocaleString("en")} words`,
  tooMany: `A file can have at most ${HIGHLIGHT_LIMITS.perFile.toLocaleString("en")} highlights`,
  notMaker: "Only the person who made this highlight or an editor can remove it",
  formatInvalid: "format must be txt or docx",
  deleted: "Highlight removed",
  labelDeleted: "Label removed",
} as const;

const LABEL_TEXT = { bidi: BIDI_MESSAGE, lineBreak: HIGHLIGHT_MESSAGES.labelControls, control: HIGHLIGHT_MESSAGES.labelControls };

/** A label: plain text, 1–40 characters once trimmed, inner runs of spaces as one. */
export const highlightLabelSchema = z
  .string({ error: HIGHLIGHT_MESSAGES.labelRequired })
  .superRefine(plainTextCheck(LABEL_TEXT))
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, HIGHLIGHT_MESSAGES.labelRequired).max(HIGHLIGHT_LIMITS.labelMaxLength, HIGHLIGHT_MESSAGES.labelTooLong));

const wordId = z.string({ error: HIGHLIGHT_MESSAGES.wordIdRequired }).min(1, HIGHLIGHT_MESSAGES.wordIdRequired).max(100);

/** POST /transcripts/{id}/highlights */
export const highlightCreateSchema = z.strictObject({ start_word_id: wordId, end_word_id: wordId, label: highlightLabelSchema });
export type HighlightCreate = z.infer<typeof highlightCreateSchema>;

/** GET /transcripts/{id}/highlights?label= */
export const highlightListQuerySchema = z.object({ label: highlightLabelSchema.optional() });

export const QUOTE_LIST_FORMATS = ["txt", "docx"] as const;
export type QuoteListFormat = (typeof QUOTE_LIST_FORMATS)[number];

/** GET /transcripts/{id}/highlights/export?format=&label= */
export const quoteListQuerySchema = z.object({
  format: z.enum(QUOTE_LIST_FORMATS, { error: HIGHLIGHT_MESSAGES.formatInvalid }),
  label: highlightLabelSchema.optional(),
});

/** One label is another when they differ only in case: the set's spelling wins. */
export const sameLabel = (a: string, b: string) => a.toLocaleLowerCase("en") === b.toLocaleLowerCase("en");

export interface HighlightPerson {
  id: string;
  full_name: string;
}

export interface HighlightDto {
  id: string;
  label: string;
  start_time: number;
  end_time: number;
  /** The highlighted words as they read now (as they last read, once removed). */
  text: string;
  /** Who speaks its first word (as last known, once removed). */
  speaker: string;
  start_word_id: string;
  end_word_id: string;
  /** Every highlighted word was deleted: it is kept at its last time and comes back with an undo. */
  removed: boolean;
  created_by: HighlightPerson;
  created_at: string;
}

/** GET /workspaces/{id}/highlight_labels: the defaults, then the workspace's own in the order they were added. */
export interface HighlightLabelDto {
  label: string;
  custom: boolean;
}

/** A time in the recording as "h:mm:ss", as a quote list gives it. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}
