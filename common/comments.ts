// Comments on a transcript and a file's review status (docs/decisions/040-comments-and-review.md):
// limits, texts, input schemas and answer shapes shared by the worker and the SPA. The answer
// shapes follow the public API contract (docs/api.md, Comments), hence their snake_case keys.
import * as z from "zod";
import { BIDI_CONTROLS } from "../core/plain-text";

export const COMMENT_LIMITS = {
  bodyMaxLength: 5_000,
  threadsPerFile: 1_000,
  repliesPerThread: 200,
  /** Words one comment can be anchored to (a few minutes of speech). */
  anchorMaxWords: 2_000,
  mentionsPerComment: 50,
} as const;

export const COMMENT_MESSAGES = {
  notFound: "Comment not found",
  bodyRequired: "Comment cannot be empty",
  bodyTooLong: `Comment must be ${COMMENT_LIMITS.bodyMaxLength.toLocaleString("en")} characters or less`,
  bodyDirection: "Comments cannot contain text-direction control characters",
  bodyControl: "Comments cannot contain control characters",
  wordIdRequired: "start_word_id and end_word_id are required",
  anchorNotFound: "The selected words are not in this transcript",
  anchorReversed: "The first word must come before the last one",
  anchorTooLong: `A comment can cover at most ${COMMENT_LIMITS.anchorMaxWords.toLocaleString("en")} words`,
  tooManyThreads: `A file can have at most ${COMMENT_LIMITS.threadsPerFile.toLocaleString("en")} comment threads`,
  tooManyReplies: `A thread can have at most ${COMMENT_LIMITS.repliesPerThread} replies`,
  tooManyMentions: `A comment can mention at most ${COMMENT_LIMITS.mentionsPerComment} people`,
  mentionNotMember: "Only members of this workspace can be mentioned",
  notAuthor: "Only the author can change or delete this comment",
  resolveNotAllowed: "Only editors and the author can resolve or reopen this thread",
  replyNotResolvable: "A reply cannot be resolved: resolve its thread",
  updateEmpty: "Send body or resolved",
  created: "Comment added",
  deleted: "Comment deleted",
} as const;

// Line breaks and tabs are part of a comment; other controls and direction overrides are not.
const OTHER_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A comment or reply body: 1–5,000 characters once trimmed, shown as plain text everywhere. */
export const commentBodySchema = z
  .string({ error: COMMENT_MESSAGES.bodyRequired })
  .refine((v) => !BIDI_CONTROLS.test(v), COMMENT_MESSAGES.bodyDirection)
  .refine((v) => !OTHER_CONTROLS.test(v), COMMENT_MESSAGES.bodyControl)
  .transform((v) => v.trim().replace(/\r\n?/g, "\n"))
  .pipe(z.string().min(1, COMMENT_MESSAGES.bodyRequired).max(COMMENT_LIMITS.bodyMaxLength, COMMENT_MESSAGES.bodyTooLong));

const wordId = z.string({ error: COMMENT_MESSAGES.wordIdRequired }).min(1, COMMENT_MESSAGES.wordIdRequired).max(100);

/** User ids mentioned in a body (the `@Name` text itself is plain text). */
const mentions = z
  .array(z.string().min(1).max(100))
  .max(COMMENT_LIMITS.mentionsPerComment, COMMENT_MESSAGES.tooManyMentions)
  .transform((ids) => [...new Set(ids)])
  .default([]);

/** POST /transcripts/{id}/comments */
export const commentCreateSchema = z.strictObject({
  start_word_id: wordId,
  end_word_id: wordId,
  body: commentBodySchema,
  mentions,
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/** POST /comments/{id}/replies */
export const replyCreateSchema = z.strictObject({ body: commentBodySchema, mentions });
export type ReplyCreate = z.infer<typeof replyCreateSchema>;

/** PATCH /comments/{id}: a new body (author only; replies too) and/or resolved (threads only). */
export const commentUpdateSchema = z
  .strictObject({ body: commentBodySchema.optional(), resolved: z.boolean().optional(), mentions: mentions.optional() })
  .refine((v) => v.body !== undefined || v.resolved !== undefined, COMMENT_MESSAGES.updateEmpty);
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

export interface CommentPerson {
  id: string;
  full_name: string;
}

export interface CommentAnchorDto {
  start_word_id: string;
  end_word_id: string;
  start_time: number;
  end_time: number;
  /** The anchored words as they read now (as they last read, once removed). */
  text: string;
  /** Every anchored word was deleted: the thread stays at its last time position. */
  removed: boolean;
}

export interface CommentReplyDto {
  id: string;
  body: string;
  author: CommentPerson;
  created_at: string;
  updated_at: string;
  mentions: CommentPerson[];
}

export interface CommentDto {
  id: string;
  body: string;
  author: CommentPerson;
  created_at: string;
  updated_at: string;
  resolved: boolean;
  resolved_by: CommentPerson | null;
  resolved_at: string | null;
  mentions: CommentPerson[];
  anchor: CommentAnchorDto;
  replies: CommentReplyDto[];
}

/** GET /comments/mentions: unresolved threads mentioning the caller, newest first. */
export interface MentionDto {
  comment_id: string;
  audio_file_id: string;
  workspace_id: string;
  file_name: string;
  created_at: string;
}

export const REVIEW_STATUSES = ["draft", "in_review", "approved"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** How the SPA names each review status (badges, the menu, the filter, the activity log). */
export const REVIEW_LABELS: Record<ReviewStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
};

export const REVIEW_MESSAGES = {
  statusInvalid: `review_status must be one of ${REVIEW_STATUSES.join(", ")}`,
} as const;

export const reviewStatusSchema = z.enum(REVIEW_STATUSES, { error: REVIEW_MESSAGES.statusInvalid });

/** PATCH /audio_files/{id}: the review status and nothing else (renames and moves stay on PUT). */
export const reviewStatusPatchSchema = z.strictObject({ review_status: reviewStatusSchema });
