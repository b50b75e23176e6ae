// Answer shapes of the API as zod schemas, for the OpenAPI document (worker/openapi/). Each is
// checked against its TypeScript interface (`satisfies`), so the document cannot drift from what
// the routes return. A file of its own: the SPA never imports it, so none of this is in its bundle.
import * as z from "zod";
import { MEDIA_REDACTION_STATES } from "./redactions";
import { HISTORY_TYPES } from "../core/change";
import type { EditHistoryDto, OperationResultDto, ReplaceResultDto } from "../core/operation-results";
import { SUMMARY_TYPES, type SpeakerDto, type TranscriptDto, type UtteranceDto } from "../core/transcript";
import { API_TOKEN_SCOPES, type ApiTokenDto } from "./api-tokens";
import type { AskAnswer, AskCitation, RecentQuestion } from "./ask";
import type { AuthSuccess, PublicUser } from "./auth";
import type { ChapterDto, ChaptersAnswer } from "./chapters";
import { type CommentDto, type MentionDto, REVIEW_STATUSES } from "./comments";
import type { CompactUtterances } from "./compact-utterances";
import type { OutboxMail } from "./dev-outbox";
import type { HighlightDto, HighlightLabelDto } from "./highlights";
import { EXPORT_FORMAT_NAMES, EXPORT_STATUSES, type ExportDto, type ExportOptionsDto, exportOptionsSchema } from "./exports";
import { type AudioFileDto, FILE_STATUSES, type FolderDto, type ServiceConfiguration } from "./library";
import type { MultipartUploadDto, PartLinkDto } from "./multipart";
import { preferencesSchema } from "./preferences";
import { RECORDING_TYPES, type RecordingDto } from "./recordings";
import type { SearchPage } from "./search";
import type { ShareDto, SharedTranscriptDto } from "./shares";
import { storedOptionsSchema } from "./transcription-options";
import { TRANSLATION_STATUSES, type TranslationDto, type TranslationSummaryDto } from "./translations";
import { WEBHOOK_EVENTS, type WebhookDeliveryDto, type WebhookDto } from "./webhooks";
import {
  ACTIVITY_KINDS,
  type ActivityDto,
  type InvitationDto,
  type MemberDto,
  type MemberShareDto,
  WORKSPACE_ROLES,
  type WorkspaceDto,
} from "./workspaces";

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
    linkImport: z
      .object({
        url: z.string(),
        receivedBytes: z.number().int(),
        totalBytes: z.number().int().nullable().describe("The length the link declared, if it did"),
      })
      .nullable()
      .describe("A file imported from a link, while it downloads and after a failed import (Retry fetches it again)"),
    transcriptionOptions: storedOptionsSchema,
    detectedLanguage: z.string().nullable(),
    transcriptionNotices: z.array(z.string()),
    reviewStatus: z.enum(REVIEW_STATUSES),
    reviewedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
    reviewedAt: instant.nullable(),
    redactedAt: instant.nullable().describe("When its words were last redacted"),
    mediaRedaction: z
      .enum(MEDIA_REDACTION_STATES)
      .nullable()
      .describe("The media's redaction: pending, done, unsupported or failed (only null and done play)"),
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

export const publicUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    created_at: instant,
    email_confirmed: z.boolean(),
    preferences: preferencesSchema,
  })
  .meta({ id: "User" }) satisfies z.ZodType<PublicUser>;

export const authSuccessSchema = z
  .object({ token: z.string().describe("Send as `Authorization: Bearer <token>`"), user: publicUserSchema })
  .meta({ id: "SignedIn" }) satisfies z.ZodType<AuthSuccess>;

const serviceOptionSupportSchema = z.object({
  languages: z.array(z.string()),
  automatic_language: z.boolean(),
  vocabulary: z.object({ max_terms: z.number().int(), prompt_chars: z.number().int().nullable() }).nullable(),
  speakers: z.enum(["diarize", "none"]),
});

export const serviceConfigurationSchema = z
  .object({
    file_constraints: z.object({ max_file_size: z.number().int(), supported_formats: z.array(z.string()) }),
    transcription: z.object({
      active_service_name: z.string(),
      available: z.boolean(),
      user_service_name: z.string(),
      all_services: z.array(
        z.object({
          name: z.string(),
          label: z.string(),
          available: z.boolean(),
          supported_formats: z.array(z.string()),
          max_file_size: z.number().int(),
          options: serviceOptionSupportSchema,
        }),
      ),
    }),
    features: z.object({ service_selection: z.boolean(), utterance_meta_column: z.boolean(), debug: z.boolean() }),
    summaries: z.object({ available: z.boolean(), model: z.string().nullable() }),
  })
  .meta({ id: "ServiceConfiguration" }) satisfies z.ZodType<ServiceConfiguration>;

const wordSchema = z.object({
  id: z.string(),
  text: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  position: z.number().int(),
  confidenceScore: z.number(),
  originalConfidenceScore: z.number().optional().describe("The transcribed confidence, once the word was edited"),
  hasEntities: z.boolean(),
});

const sentimentSchema = z.enum(["positive", "negative", "neutral"]);

export const utteranceSchema = z
  .object({
    id: z.string(),
    speakerId: z.string(),
    startTime: z.number(),
    endTime: z.number(),
    position: z.number().int(),
    confidenceScore: z.number(),
    sentiment: sentimentSchema.nullable(),
    sentimentConfidence: z.number().nullable(),
    transcriptWords: z.array(wordSchema),
    orderKey: z.string().describe("Utterances sort by it (plain string comparison)"),
    version: z.number().int().describe("Grows by one with every change of the utterance"),
  })
  .meta({ id: "Utterance" }) satisfies z.ZodType<UtteranceDto>;

const compactTime = z.union([z.number(), z.string()]);
const compactWord = z.union([
  z.tuple([z.string(), compactTime, compactTime, z.number()]),
  z.tuple([z.string(), compactTime, compactTime, z.number(), z.literal(1)]),
  z.tuple([z.string(), compactTime, compactTime, z.number(), z.union([z.literal(0), z.literal(1)]), z.number()]),
]);

export const compactUtterancesSchema = z
  .object({
    format: z.literal("compact"),
    speakers: z.array(z.string()),
    ids: z.string().describe("Every utterance id in order, then every word id, written one after the other"),
    idLengths: z.array(z.tuple([z.number().int(), z.number().int()])).describe("Runs of [id length, how many ids in a row]"),
    utterances: z.array(
      z.tuple([
        z.number().int(),
        z.number().int(),
        compactTime,
        compactTime,
        z.number(),
        sentimentSchema.nullable(),
        z.number().nullable(),
        z.string(),
        z.number().int(),
        z.array(compactWord),
      ]),
    ),
  })
  .meta({
    id: "CompactUtterances",
    description: "The compact shape (decision 012); decoding gives the full one",
  }) satisfies z.ZodType<CompactUtterances>;

/** GET …/utterances: the full list, or the compact shape with `format=compact`. */
export const utterancesAnswerSchema = z.object({
  data: z.union([z.object({ data: z.array(utteranceSchema) }), compactUtterancesSchema]),
});

export const speakerSchema = z
  .object({
    id: z.string(),
    originalLabel: z.string(),
    name: z.string().nullable(),
    role: z.string().nullable(),
    displayName: z.string(),
    position: z.number().int().describe("Order of first appearance; a created speaker comes after every other"),
    utteranceCount: z.number().int(),
    speakingPercentage: z.number().describe("Share of the total speaking time, 0–100"),
  })
  .meta({ id: "Speaker" }) satisfies z.ZodType<SpeakerDto>;

export const transcriptSchema = z
  .object({
    id: z.string(),
    audioFileId: z.string(),
    summary: z.string().nullable(),
    summaryType: z.enum(SUMMARY_TYPES).nullable(),
    summaryModel: z.string().nullable(),
    summaryStatus: z.enum(["generating", "failed"]).nullable(),
    summaryError: z.string().nullable(),
    notes: z.string().nullable(),
    speakers: z.array(speakerSchema),
    duration: z.number(),
    accuracyPercentage: z.number(),
    speakerCount: z.number().int(),
    wordCount: z.number().int(),
    transcriptionService: z.string(),
    startedAt: instant,
    completedAt: instant,
  })
  .meta({ id: "Transcript" }) satisfies z.ZodType<TranscriptDto>;

export const operationResultSchema = z
  .object({
    utterances: z.array(utteranceSchema).describe("Utterances created or changed, in their new state"),
    removedUtteranceIds: z.array(z.string()),
    speakers: z.array(speakerSchema).optional(),
    fields: z
      .object({
        summary: z.string().nullable().optional(),
        notes: z.string().nullable().optional(),
        chapters: z
          .array(z.object({ id: z.string(), title: z.string(), startWordId: z.string(), summary: z.string(), startTime: z.number() }))
          .nullable()
          .optional(),
      })
      .optional(),
    reload: z.literal(true).optional().describe("The whole transcript changed (a re-transcription's undo or redo): read it again"),
    moved: z
      .array(z.object({ id: z.string(), speakerId: z.string(), version: z.number().int() }))
      .optional()
      .describe("Utterances that only changed speaker"),
  })
  .meta({ id: "OperationResult" }) satisfies z.ZodType<OperationResultDto>;

export const replaceResultSchema = operationResultSchema
  .extend({ replaced: z.number().int(), utterance_ids: z.array(z.string()) })
  .meta({ id: "ReplaceResult" }) satisfies z.ZodType<ReplaceResultDto>;

export const editHistorySchema = z
  .object({
    truncated: z.boolean(),
    canUndo: z.boolean(),
    canRedo: z.boolean(),
    currentIndex: z.number().int(),
    operations: z.array(
      z.object({
        index: z.number().int(),
        type: z.enum(HISTORY_TYPES),
        summary: z.string(),
        timestamp: instant,
        author: z.object({ id: z.string(), name: z.string() }).nullable(),
        isCurrent: z.boolean(),
        canUndoTo: z.boolean(),
      }),
    ),
  })
  .meta({ id: "EditHistory" }) satisfies z.ZodType<EditHistoryDto>;

export const exportOptionsDtoSchema = z
  .object({
    formats: z.array(z.object({ value: z.enum(EXPORT_FORMAT_NAMES), label: z.string(), extension: z.string() })),
    options: z.array(z.object({ key: exportOptionsSchema.keyof(), label: z.string(), default: z.boolean() })),
  })
  .meta({ id: "ExportOptions" }) satisfies z.ZodType<ExportOptionsDto>;

const commentPerson = z.object({ id: z.string(), full_name: z.string() });

export const commentDtoSchema = z
  .object({
    id: z.string(),
    body: z.string(),
    author: commentPerson,
    created_at: instant,
    updated_at: instant,
    resolved: z.boolean(),
    resolved_by: commentPerson.nullable(),
    resolved_at: instant.nullable(),
    mentions: z.array(commentPerson),
    anchor: z.object({
      start_word_id: z.string(),
      end_word_id: z.string(),
      start_time: z.number(),
      end_time: z.number(),
      text: z.string(),
      removed: z.boolean(),
    }),
    replies: z.array(
      z.object({
        id: z.string(),
        body: z.string(),
        author: commentPerson,
        created_at: instant,
        updated_at: instant,
        mentions: z.array(commentPerson),
      }),
    ),
  })
  .meta({ id: "CommentThread" }) satisfies z.ZodType<CommentDto>;

export const mentionDtoSchema = z
  .object({ comment_id: z.string(), audio_file_id: z.string(), workspace_id: z.string(), file_name: z.string(), created_at: instant })
  .meta({ id: "Mention" }) satisfies z.ZodType<MentionDto>;

export const searchPageSchema = z
  .object({
    data: z.array(
      z.object({
        file_id: z.string(),
        file_name: z.string(),
        folder_id: z.string().nullable(),
        kind: z.enum(["transcript", "name", "summary", "notes"]),
        utterance_id: z.string().optional(),
        start_time: z.number().optional(),
        speaker: z.string().optional(),
        snippet: z.string().describe("Plain text (never HTML)"),
        marks: z
          .array(z.object({ start: z.number().int(), end: z.number().int() }))
          .describe("Matched words in `snippet`, as UTF-16 offsets"),
      }),
    ),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last one"),
  })
  .meta({ id: "SearchPage" }) satisfies z.ZodType<SearchPage>;

export const activityDtoSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ACTIVITY_KINDS),
    actor: z.object({ id: z.string().nullable(), name: z.string() }),
    detail: z.record(z.string(), z.string()),
    created_at: instant,
  })
  .meta({ id: "Activity" }) satisfies z.ZodType<ActivityDto>;

export const sharedTranscriptSchema = z
  .object({
    name: z.string(),
    duration: z.number().nullable(),
    owner_name: z.string().nullable(),
    include_media: z.boolean(),
    include_summary: z.boolean(),
    include_notes: z.boolean(),
    expires_at: instant.nullable(),
    transcript: z
      .object({
        speakers: z.array(z.object({ id: z.string(), displayName: z.string(), role: z.string().nullable() })),
        wordCount: z.number().int(),
        summary: z.string().nullable(),
        notes: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "SharedTranscript" }) satisfies z.ZodType<SharedTranscriptDto>;

export const outboxMailSchema = z
  .object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: instant })
  .meta({ id: "OutboxMail" }) satisfies z.ZodType<OutboxMail>;
