// Answer shapes of the API as zod schemas, for the OpenAPI document (worker/openapi/). Each is
// checked against its TypeScript interface (`satisfies`), so the document cannot drift from what
// the routes return. A file of its own: the SPA never imports it, so none of this is in its bundle.
import * as z from "zod";
import { API_TOKEN_SCOPES, type ApiTokenDto } from "./api-tokens";
import type { AskAnswer, AskCitation, RecentQuestion } from "./ask";
import type { ChapterDto, ChaptersAnswer } from "./chapters";
import { REVIEW_STATUSES } from "./comments";
import type { HighlightDto, HighlightLabelDto } from "./highlights";
import { EXPORT_FORMAT_NAMES, EXPORT_STATUSES, type ExportDto, exportOptionsSchema } from "./exports";
import { type AudioFileDto, FILE_STATUSES, type FolderDto } from "./library";
import type { MultipartUploadDto, PartLinkDto } from "./multipart";
import { RECORDING_TYPES, type RecordingDto } from "./recordings";
import type { ShareDto } from "./shares";
import { storedOptionsSchema } from "./transcription-options";
import { TRANSLATION_STATUSES, type TranslationDto, type TranslationSummaryDto } from "./translations";
import { WEBHOOK_EVENTS, type WebhookDeliveryDto, type WebhookDto } from "./webhooks";
import { type InvitationDto, type MemberDto, type MemberShareDto, WORKSPACE_ROLES, type WorkspaceDto } from "./workspaces";

const instant = z.string().meta({ format: "date-time" });

export const apiTokenDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    hint: z.string().describe("The secret's first characters, to tell tokens apart"),
    scopes: z.array(z.enum(API_TOKEN_SCOPES)),
    created_at: instant,
    last_used_at: instant.nullable(),
    expires_at: instant.nullable(),
    token: z.string().optional().describe("Only in the answer that created it: the secret is stored as a hash"),
  })
  .meta({ id: "ApiToken" }) satisfies z.ZodType<ApiTokenDto>;

export const webhookDtoSchema = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    failure_count: z.number().int().describe("Failed deliveries in a row (0 after a success)"),
    disabled_reason: z.string().nullable(),
    created_at: instant,
  })
  .meta({ id: "Webhook" }) satisfies z.ZodType<WebhookDto>;

/** POST /webhooks: the only answer with the signing secret. */
export const createdWebhookSchema = webhookDtoSchema.extend({ secret: z.string() }).meta({ id: "CreatedWebhook" });

export const webhookDeliveryDtoSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    type: z.enum([...WEBHOOK_EVENTS, "webhook.test"]),
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    created_at: instant,
  })
  .meta({ id: "WebhookDelivery" }) satisfies z.ZodType<WebhookDeliveryDto>;

export const folderDtoSchema = z
  .object({ id: z.string(), workspaceId: z.string(), name: z.string(), createdAt: instant, updatedAt: instant })
  .meta({ id: "Folder" }) satisfies z.ZodType<FolderDto>;

export const audioFileDtoSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    uploadedBy: z.string().nullable(),
    name: z.string(),
    filename: z.string(),
    status: z.enum(FILE_STATUSES),
    failureReason: z.string().nullable(),
    hasTranscript: z.boolean(),
    fileSize: z.number().int(),
    fileSizeDisplay: z.string(),
    durationSeconds: z.number().nullable(),
    durationDisplay: z.string(),
    contentType: z.string(),
    createdAt: instant,
    updatedAt: instant,
    folderId: z.string().nullable(),
    processingEstimation: z.object({ elapsedSeconds: z.number(), estimatedTotalSeconds: z.number() }).nullable(),
    job: z
      .object({
        attempt: z.number().int(),
        retrying: z.boolean(),
        error: z.string().nullable(),
        retryAt: instant.nullable(),
        chunksDone: z.number().int().nullable(),
        chunksTotal: z.number().int().nullable(),
      })
      .nullable(),
    transcriptionOptions: storedOptionsSchema,
    detectedLanguage: z.string().nullable(),
    transcriptionNotices: z.array(z.string()),
    reviewStatus: z.enum(REVIEW_STATUSES),
    reviewedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
    reviewedAt: instant.nullable(),
  })
  .meta({ id: "AudioFile" }) satisfies z.ZodType<AudioFileDto>;

export const exportDtoSchema = z
  .object({
    id: z.string(),
    audio_file_id: z.string(),
    format: z.enum(EXPORT_FORMAT_NAMES),
    status: z.enum(EXPORT_STATUSES),
    options: exportOptionsSchema,
    language: z.string().nullable().describe("The translation exported; null for the transcript itself"),
    filename: z.string(),
    download_url: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    created_at: instant,
    updated_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: "Export" }) satisfies z.ZodType<ExportDto>;

export const workspaceDtoSchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(WORKSPACE_ROLES), personal: z.boolean() })
  .meta({ id: "Workspace" }) satisfies z.ZodType<WorkspaceDto>;

export const memberDtoSchema = z
  .object({ user_id: z.string(), email: z.string(), full_name: z.string(), role: z.enum(WORKSPACE_ROLES) })
  .meta({ id: "Member" }) satisfies z.ZodType<MemberDto>;

export const memberShareDtoSchema = z
  .object({
    id: z.string(),
    audio_file_id: z.string(),
    file_name: z.string(),
    label: z.string().nullable(),
    created_at: instant,
    expires_at: instant.nullable(),
  })
  .meta({ id: "MemberShare" }) satisfies z.ZodType<MemberShareDto>;

export const invitationDtoSchema = z
  .object({ id: z.string(), email: z.string(), role: z.enum(WORKSPACE_ROLES), expires_at: instant })
  .meta({ id: "Invitation" }) satisfies z.ZodType<InvitationDto>;

export const shareDtoSchema = z
  .object({
    id: z.string(),
    url: z.string().nullable().describe("Only in the answer that created it: the secret is stored as a hash"),
    label: z.string().nullable(),
    created_at: instant,
    updated_at: instant,
    expires_at: instant.nullable(),
    include_media: z.boolean(),
    include_summary: z.boolean(),
    include_notes: z.boolean(),
    show_owner_name: z.boolean(),
    views: z.number().int(),
    last_viewed_at: instant.nullable(),
  })
  .meta({ id: "Share" }) satisfies z.ZodType<ShareDto>;

export const multipartUploadDtoSchema = z
  .object({
    upload_id: z.string(),
    key: z.string(),
    content_type: z.string(),
    part_size: z.number().int(),
    part_count: z.number().int(),
    expires_at: instant,
  })
  .meta({ id: "MultipartUpload" }) satisfies z.ZodType<MultipartUploadDto>;

export const partLinkDtoSchema = z
  .object({ part_number: z.number().int(), url: z.string(), size: z.number().int() })
  .meta({ id: "PartLink" }) satisfies z.ZodType<PartLinkDto>;

export const askCitationSchema = z
  .object({
    file_id: z.string(),
    utterance_id: z.string(),
    start_time: z.number(),
    end_time: z.number(),
    text: z.string().describe("The utterance's words as given to the model"),
  })
  .meta({ id: "AskCitation" }) satisfies z.ZodType<AskCitation>;

export const askAnswerSchema = z
  .object({
    answer: z.string().describe("Cites the passages as [1], [2]…: the n-th of `citations`"),
    citations: z.array(askCitationSchema).describe("The passages the answer was built from, most relevant first"),
  })
  .meta({ id: "AskAnswer" }) satisfies z.ZodType<AskAnswer>;

export const recentQuestionSchema = z
  .object({
    id: z.string(),
    question: z.string(),
    answer: z.string(),
    citations: z.array(askCitationSchema),
    asked_at: instant,
    asked_by: z.object({ id: z.string(), full_name: z.string() }),
  })
  .meta({ id: "RecentQuestion" }) satisfies z.ZodType<RecentQuestion>;

export const recordingDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mime_type: z.enum(Object.keys(RECORDING_TYPES) as [keyof typeof RECORDING_TYPES]),
    workspace_id: z.string(),
    folder_id: z.string().nullable(),
    started_at: instant,
    chunk_count: z.number().int().describe("Chunks received from 0 with none missing: what finishing now would join"),
    bytes: z.number().int().describe("Bytes of those chunks"),
  })
  .meta({ id: "Recording" }) satisfies z.ZodType<RecordingDto>;

export const recordingChunkDtoSchema = z.object({ n: z.number().int(), size: z.number().int() }).meta({ id: "RecordingChunk" });

export const highlightDtoSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    start_time: z.number(),
    end_time: z.number(),
    text: z.string().describe("The highlighted words as they read now (as they last read, once removed)"),
    speaker: z.string().describe("Who speaks the first highlighted word"),
    start_word_id: z.string(),
    end_word_id: z.string(),
    removed: z.boolean().describe("Every highlighted word was deleted: kept at its last time, back after an undo"),
    created_by: z.object({ id: z.string(), full_name: z.string() }),
    created_at: instant,
  })
  .meta({ id: "Highlight" }) satisfies z.ZodType<HighlightDto>;

export const highlightLabelDtoSchema = z
  .object({ label: z.string(), custom: z.boolean().describe("Added by the workspace (false: one of the defaults)") })
  .meta({ id: "HighlightLabel" }) satisfies z.ZodType<HighlightLabelDto>;

export const chapterDtoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    start_time: z.number(),
    end_time: z.number().describe("The next chapter's start, or the recording's end"),
    summary: z.string(),
    start_word_id: z.string().describe("The word it starts at (the first chapter: the transcript's first word)"),
  })
  .meta({ id: "Chapter" }) satisfies z.ZodType<ChapterDto>;

export const chaptersAnswerSchema = z
  .object({
    data: z.array(chapterDtoSchema).describe("In order, covering the whole recording"),
    generation: z
      .object({
        status: z.enum(["generating", "failed"]).nullable(),
        error: z.string().nullable(),
      })
      .describe("A generation running, or the last one failed and why; status null otherwise"),
  })
  .meta({ id: "Chapters" }) satisfies z.ZodType<ChaptersAnswer>;

export const translationDtoSchema = z
  .object({
    language: z.string(),
    status: z.enum(TRANSLATION_STATUSES),
    utterances: z
      .array(z.object({ utterance_id: z.string(), text: z.string() }))
      .describe("Translated utterances in transcript order; a stale one keeps its latest translation"),
    stale_utterance_ids: z.array(z.string()).describe("Utterances edited or added since they were translated, in order"),
    done: z.number().int().describe("Utterances translated in the current run"),
    total: z.number().int().describe("Utterances the current run translates"),
    error: z.string().nullable(),
    updated_at: instant,
  })
  .meta({ id: "Translation" }) satisfies z.ZodType<TranslationDto>;

export const translationSummaryDtoSchema = z
  .object({
    language: z.string(),
    status: z.enum(TRANSLATION_STATUSES),
    done: z.number().int(),
    total: z.number().int(),
    stale_count: z.number().int(),
    error: z.string().nullable(),
    updated_at: instant,
  })
  .meta({ id: "TranslationSummary" }) satisfies z.ZodType<TranslationSummaryDto>;
