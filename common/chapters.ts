// Chapters of a transcript (docs/api.md#chapters, decision 046): the request bodies and answers
// shared by the Worker and the SPA, and the budget of a generation's windows. Their rules and
// texts: core/chapters.ts.
import * as z from "zod";
import { CHAPTER_LIMITS, CHAPTER_MESSAGES } from "../core/chapters";
import { plainTextCheck } from "../core/plain-text";

/**
 * Characters of numbered utterances per model request when chapters are generated (~4,000
 * tokens, inside small models' context): a 3-hour transcript (~175,000 characters) goes in about
 * a dozen windows of one job.
 */
export const CHAPTER_WINDOW_CHARS = 16_000;

export interface ChapterDto {
  id: string;
  title: string;
  start_time: number;
  end_time: number;
  summary: string;
  /** The word it starts at (the first chapter: the transcript's first word). */
  start_word_id: string;
}

/** A generation asked for: running, or failed with why (null: none running, the last one done). */
export interface ChapterGenerationDto {
  status: "generating" | "failed" | null;
  error: string | null;
}

/** What GET, PUT and POST …/generate answer: the chapters in order, and the generation's state. */
export interface ChaptersAnswer {
  data: ChapterDto[];
  generation: ChapterGenerationDto;
}

export const CHAPTER_GENERATION_MESSAGES = {
  unavailable: "Chapters cannot be generated: no language model is configured",
  failed: "The chapters could not be generated. Please try again later.",
  unreadable: "The language model's chapters could not be read (twice). Please try again.",
  none: "The language model found no chapters in this transcript. The chapters are unchanged.",
} as const;

// Plain text (core/plain-text.ts), checked before the trim: a trailing line break is refused too.
const title = z
  .string({ error: CHAPTER_MESSAGES.titleRequired })
  .superRefine(plainTextCheck())
  .trim()
  .min(1, CHAPTER_MESSAGES.titleRequired)
  .max(CHAPTER_LIMITS.titleMax, CHAPTER_MESSAGES.titleTooLong);
const summary = z.string().superRefine(plainTextCheck()).trim().max(CHAPTER_LIMITS.summaryMax, CHAPTER_MESSAGES.summaryTooLong);

/** PUT /transcripts/{id}/chapters: the whole list; an `id` keeps that chapter (and its summary when none is sent). */
export const chaptersPutSchema = z.object({
  chapters: z
    .array(
      z.object({
        id: z.string().max(100).optional(),
        title,
        start_word_id: z.string({ error: "start_word_id is required" }).min(1, "start_word_id is required").max(100),
        summary: summary.optional(),
      }),
    )
    .max(CHAPTER_LIMITS.chaptersMax, CHAPTER_MESSAGES.tooMany),
});
export type ChaptersPut = z.infer<typeof chaptersPutSchema>;
