// The queues' messages, spelled once: names, retry settings (as wrangler.toml
// sets them; a test holds the two together) and the zod schema of every message.
// Messages carry ids and keys, never audio or documents.
import * as z from "zod";
import { SUMMARY_TYPES } from "../core/transcript";

/**
 * One queue per kind of job, each with its own consumer and dead-letter queue (`<name>-dlq`), so a
 * slow or failing kind never holds up another: a summary that keeps failing, or a long download,
 * never delays a transcription (docs/decisions/055-a-queue-per-job.md).
 */
export const QUEUES = {
  transcription: "transcribe-edge-transcription",
  import: "transcribe-edge-import",
  recording: "transcribe-edge-recording",
  summary: "transcribe-edge-summary",
  chapters: "transcribe-edge-chapters",
  translation: "transcribe-edge-translation",
  export: "transcribe-edge-export",
  webhook: "transcribe-edge-webhook",
  redaction: "transcribe-edge-redaction",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** `max_retries` of each consumer in wrangler.toml: a message is delivered at most this + 1 times. */
export const QUEUE_MAX_RETRIES: Record<QueueName, number> = {
  [QUEUES.transcription]: 5,
  [QUEUES.import]: 2,
  [QUEUES.recording]: 3,
  [QUEUES.summary]: 2,
  [QUEUES.chapters]: 2,
  [QUEUES.translation]: 2,
  [QUEUES.export]: 3,
  [QUEUES.webhook]: 10,
  [QUEUES.redaction]: 3,
};

/** Deliveries of a message on `queue` before it goes to the dead-letter queue. */
export const maxAttempts = (queue: QueueName) => QUEUE_MAX_RETRIES[queue] + 1;

export const transcribeMessageSchema = z.object({
  type: z.literal("transcribe"),
  audio_file_id: z.string(),
  /** Who started it (for the job's log line only: the file's row decides everything else). */
  user_id: z.string(),
  key: z.string(),
});
export type TranscribeMessage = z.infer<typeof transcribeMessageSchema>;

export const summarizeMessageSchema = z.object({
  type: z.literal("summarize"),
  audio_file_id: z.string(),
  /** Who asked, or the file's uploader (for the job's log line only). */
  user_id: z.string(),
  summary_type: z.enum(SUMMARY_TYPES),
  /** The user asked (regenerate): their current summary is replaced, as an undoable edit. */
  requested: z.boolean(),
});
export type SummarizeMessage = z.infer<typeof summarizeMessageSchema>;

export const exportMessageSchema = z.object({ type: z.literal("export"), export_id: z.string(), user_id: z.string() });
export type ExportMessage = z.infer<typeof exportMessageSchema>;

/** A file to fetch from a link before it is transcribed (worker/imports/job.ts). */
export const importMessageSchema = z.object({
  type: z.literal("import"),
  audio_file_id: z.string(),
  user_id: z.string(),
  url: z.string(),
});
export type ImportMessage = z.infer<typeof importMessageSchema>;

/** A finished recording whose chunks are joined into its file before it is transcribed (worker/recordings/job.ts). */
export const recordingMessageSchema = z.object({
  type: z.literal("recording"),
  recording_id: z.string(),
  audio_file_id: z.string(),
  user_id: z.string(),
  chunk_count: z.number().int().positive(),
});
export type RecordingMessage = z.infer<typeof recordingMessageSchema>;

/** Chapters to generate for a file's transcript (worker/chapters/job.ts). */
export const chaptersMessageSchema = z.object({
  type: z.literal("chapters"),
  audio_file_id: z.string(),
  /** Who asked (for the job's log line only). */
  user_id: z.string(),
});
export type ChaptersMessage = z.infer<typeof chaptersMessageSchema>;

/** A run of a file's translation into a language (worker/translations/job.ts); `run` names the request it does. */
export const translateMessageSchema = z.object({
  type: z.literal("translate"),
  audio_file_id: z.string(),
  user_id: z.string(),
  language: z.string(),
  run: z.string(),
});
export type TranslateMessage = z.infer<typeof translateMessageSchema>;

/** One event for one webhook; retried on the webhook's schedule (worker/webhooks/delivery.ts). */
export const webhookMessageSchema = z.object({
  type: z.literal("webhook"),
  webhook_id: z.string(),
  /** Who caused the event, or the workspace's id for the system (for the job's log line only). */
  user_id: z.string(),
  event: z.object({
    id: z.string(),
    type: z.string(),
    created_at: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/** A redacted file's media to rewrite with every redaction it has (worker/redactions/media-job.ts). */
export const redactMediaMessageSchema = z.object({
  type: z.literal("redact_media"),
  audio_file_id: z.string(),
  /** Who redacted (for the job's log line only). */
  user_id: z.string(),
});
export type RedactMediaMessage = z.infer<typeof redactMediaMessageSchema>;

/**
 * Any job's message. Each kind has its queue, but a consumer runs whatever a message says it is: a
 * message sent before the queues were split still runs where it waits.
 */
export const jobMessageSchema = z.discriminatedUnion("type", [
  transcribeMessageSchema,
  summarizeMessageSchema,
  importMessageSchema,
  recordingMessageSchema,
  chaptersMessageSchema,
  translateMessageSchema,
  exportMessageSchema,
  webhookMessageSchema,
  redactMediaMessageSchema,
]);
export type JobMessage = z.infer<typeof jobMessageSchema>;
