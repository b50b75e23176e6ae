import * as z from "zod";
import { LIMITS } from "./limits";
import { BIDI_MESSAGE, hasNoBidiControls } from "../core/plain-text";
import { fileNameCheck } from "./file-names";
import { type ServiceOptionSupport, type TranscriptionOptions, transcriptionOptionsInputSchema } from "./transcription-options";
import { workspaceRefSchema } from "./workspaces";
import { type ReviewStatus, reviewStatusSchema } from "./comments";
import type { MediaRedactionState } from "./redactions";

export const FOLDER_NAME_FORBIDDEN = /[<>:"/\\|?*]/;

export const LIBRARY_MESSAGES = {
  alreadyProcessing: "This file is already being transcribed.",
  notProcessing: "This file is not being transcribed.",
  /** The failure reason of a transcription the user cancelled. */
  cancelled: "Cancelled",
  uploadLinkUsed: "This upload link was already used. Request a new one to upload again.",
  folderNameRequired: "Folder Name is required",
  folderNameTooLong: "Folder name must be 255 characters or less",
  folderNameForbidden: 'Cannot contain: < > : " / \\ | ? *',
  folderNameTaken: "A folder with this name already exists",
  folderNameReserved: '"Common" is reserved for files that are not in a folder',
  folderNotFound: "Folder not found",
  fileNameRequired: "File name is required",
  fileNameTooLong: "File name must be 255 characters or less",
  fileNotFound: "Audio file not found",
  filenameTooLong: "Filename too long. Maximum 255 characters allowed.",
  filenameRequired: "Filename is required",
  fileSizeInvalid: "File size must be a positive number of bytes",
  uploadNotFound: "Upload not found. Please upload the file again.",
  uploadSizeMismatch: "The uploaded file's size does not match. Please upload the file again.",
  uploadLinkInvalid: "This upload link is invalid or has expired. Please start the upload again.",
  uploadTooLarge: "The upload is larger than declared.",
  mediaLinkInvalid: "This media link is invalid or has expired.",
  updateEmpty: "Nothing to update: send audio_file.name or audio_file.folder_id",
} as const;

const folderName = z
  .string({ error: LIBRARY_MESSAGES.folderNameRequired })
  .trim()
  .min(1, LIBRARY_MESSAGES.folderNameRequired)
  .max(LIMITS.nameMaxLength, LIBRARY_MESSAGES.folderNameTooLong)
  .refine((name) => !FOLDER_NAME_FORBIDDEN.test(name), LIBRARY_MESSAGES.folderNameForbidden)
  .refine(hasNoBidiControls, BIDI_MESSAGE);

export const folderBodySchema = z.object({ folder: z.object({ name: folderName }, { error: LIBRARY_MESSAGES.folderNameRequired }) });
/** POST /folders: the folder, and the workspace it goes in (the personal one when absent). */
export const folderCreateSchema = folderBodySchema.extend({ workspace_id: workspaceRefSchema });
/** GET /folders: a workspace's folders (the personal one when absent). */
export const folderListQuerySchema = z.object({ workspace_id: workspaceRefSchema });

export const fileNameSchema = z
  .string({ error: LIBRARY_MESSAGES.fileNameRequired })
  .superRefine(fileNameCheck)
  .trim()
  .min(1, LIBRARY_MESSAGES.fileNameRequired)
  .max(LIMITS.nameMaxLength, LIBRARY_MESSAGES.fileNameTooLong);

/** Empty, null or "common" all mean the virtual Common folder. */
export const folderRefSchema = z
  .union([z.string().max(100), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === "" || v === "common" ? null : v));

export const audioFileUpdateSchema = z.object({
  audio_file: z
    .object({ name: fileNameSchema.optional(), folder_id: folderRefSchema, workspace_id: workspaceRefSchema })
    .refine((v) => v.name !== undefined || v.folder_id !== undefined || v.workspace_id !== undefined, LIBRARY_MESSAGES.updateEmpty),
});

const filename = z
  .string({ error: LIBRARY_MESSAGES.filenameRequired })
  .superRefine(fileNameCheck)
  .trim()
  .min(1, LIBRARY_MESSAGES.filenameRequired)
  .max(LIMITS.nameMaxLength, LIBRARY_MESSAGES.filenameTooLong);
const fileSize = z.coerce
  .number({ error: LIBRARY_MESSAGES.fileSizeInvalid })
  .int(LIBRARY_MESSAGES.fileSizeInvalid)
  .positive(LIBRARY_MESSAGES.fileSizeInvalid);
const contentType = z.string().trim().max(255).default("");

export const uploadUrlSchema = z.object({ filename, content_type: contentType, file_size: fileSize, workspace_id: workspaceRefSchema });

export const confirmUploadSchema = z.object({
  filename,
  key: z.string().min(1, LIBRARY_MESSAGES.uploadNotFound).max(1024),
  file_size: fileSize,
  content_type: contentType,
  folder_id: folderRefSchema,
  /** The workspace the file goes in (a given folder's must be the same); the personal one when both are absent. */
  workspace_id: workspaceRefSchema,
  // "" and null (not measurable) are tried first: coercion would turn them into 0.
  duration_seconds: z
    .union([z.literal(""), z.null(), z.coerce.number().nonnegative().max(1e7)])
    .optional()
    .transform((v) => (typeof v === "number" ? Math.round(v) : null)),
  /** Absent: the user's default options (preferences). */
  transcription_options: transcriptionOptionsInputSchema.optional(),
});

/**
 * POST /audio_files/{id}/retranscribe: new options replace the file's; absent keeps them.
 * `discard_corrections`: replace the whole transcript instead of keeping the corrected utterances (decision 017).
 */
export const retranscribeSchema = z
  .object({
    transcription_options: transcriptionOptionsInputSchema.optional(),
    discard_corrections: z.boolean({ error: "discard_corrections must be true or false" }).optional(),
  })
  .strict();

/** GET /audio_files/{id}/corrections: what a re-transcription would keep. */
export interface CorrectionsDto {
  corrected_utterances: number;
}

/** A file's statuses, spelled once: the drizzle column, the live message and the SPA use these. */
export const FILE_STATUSES = ["processing", "ready", "failed"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** What a file list can be sorted by (docs/api.md#listing-files-in-pages). */
export const FILE_SORTS = ["name", "created", "duration", "size", "status"] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export type SortOrder = "asc" | "desc";
export const FILE_PAGE_MAX = 1000;
/** At most this many files in one bulk move or delete. */
export const BULK_FILES_MAX = 500;

export const FILE_LIST_MESSAGES = {
  cursorInvalid: "This page cursor is invalid or belongs to another sort. Start from the first page.",
  limitInvalid: `limit must be a whole number from 1 to ${FILE_PAGE_MAX}`,
  idsRequired: "Choose at least one file",
  tooManyIds: `At most ${BULK_FILES_MAX} files at a time`,
} as const;

/**
 * GET /audio_files. Without `limit` and `cursor` the answer is the whole list as before;
 * with either it is one page and the cursor of the next.
 */
export const audioFileListQuerySchema = z.object({
  workspace_id: workspaceRefSchema,
  folder_id: z.string().max(100).optional(),
  sort: z.enum(FILE_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  status: z.enum(FILE_STATUSES).optional(),
  review_status: reviewStatusSchema.optional(),
  limit: z.coerce
    .number({ error: FILE_LIST_MESSAGES.limitInvalid })
    .int(FILE_LIST_MESSAGES.limitInvalid)
    .min(1, FILE_LIST_MESSAGES.limitInvalid)
    .max(FILE_PAGE_MAX, FILE_LIST_MESSAGES.limitInvalid)
    .optional(),
  cursor: z.string().max(1000).optional(),
});

const bulkIds = z
  .array(z.string().min(1).max(100), { error: FILE_LIST_MESSAGES.idsRequired })
  .min(1, FILE_LIST_MESSAGES.idsRequired)
  .max(BULK_FILES_MAX, FILE_LIST_MESSAGES.tooManyIds)
  .transform((ids) => [...new Set(ids)]);

/** POST /audio_files/bulk-delete: ids that are not the caller's are skipped as if they did not exist. */
export const bulkDeleteSchema = z.object({ ids: bulkIds, workspace_id: workspaceRefSchema }).strict();
/** POST /audio_files/bulk-move: every listed file of the caller goes to `folder_id` ("" or null = Common). */
export const bulkMoveSchema = z
  .object({ ids: bulkIds, folder_id: folderRefSchema, workspace_id: workspaceRefSchema })
  .strict()
  .refine((v) => v.folder_id !== undefined, { message: "folder_id is required (empty for Common)" });

export interface FolderDto {
  id: string;
  workspaceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** How far a processing file's transcription should be (server estimate at answer time). */
export interface ProcessingEstimation {
  elapsedSeconds: number;
  estimatedTotalSeconds: number;
}

export interface AudioFileDto {
  id: string;
  /** The workspace that holds it. */
  workspaceId: string;
  /** Who uploaded it; null once that account is gone. */
  uploadedBy: string | null;
  name: string;
  filename: string;
  status: FileStatus;
  failureReason: string | null;
  hasTranscript: boolean;
  fileSize: number;
  fileSizeDisplay: string;
  durationSeconds: number | null;
  durationDisplay: string;
  contentType: string;
  createdAt: string;
  updatedAt: string;
  folderId: string | null;
  processingEstimation: ProcessingEstimation | null;
  /** The transcription job while processing: its progress by pieces, its attempt, and when it retries, why and when next. */
  job: {
    attempt: number;
    retrying: boolean;
    error: string | null;
    retryAt: string | null;
    /** Pieces of the recording transcribed so far, of how many (null until the job has planned them). */
    chunksDone: number | null;
    chunksTotal: number | null;
  } | null;
  /** A file imported from a link, while it downloads and after a failed import (Retry fetches it again): the link and the bytes so far. */
  linkImport: { url: string; receivedBytes: number; totalBytes: number | null } | null;
  /** What the user asked of the transcription. */
  transcriptionOptions: TranscriptionOptions;
  /** The language the service reported, when it did. */
  detectedLanguage: string | null;
  /** Hints the service could not use, said instead of silently ignored. */
  transcriptionNotices: string[];
  reviewStatus: ReviewStatus;
  /** Who approved it and when, while approved (`reviewedBy` null once that account is gone); null otherwise. */
  reviewedBy: { id: string; fullName: string } | null;
  reviewedAt: string | null;
  /** When its words were last redacted (this browser's older copy of the transcript is then dropped), or null. */
  redactedAt: string | null;
  /** The media's redaction (decision 058): null, pending, done, unsupported or failed; only null and done play. */
  mediaRedaction: MediaRedactionState | null;
}

export interface ServiceConfiguration {
  file_constraints: { max_file_size: number; supported_formats: string[] };
  transcription: {
    active_service_name: string;
    /** Whether a service will transcribe this user's uploads now; when not, uploads are stored and fail with the reason. */
    available: boolean;
    /** The service this user's uploads go to (their preferred one, or the configured one). */
    user_service_name: string;
    all_services: {
      name: string;
      label: string;
      available: boolean;
      supported_formats: string[];
      max_file_size: number;
      /** Which transcription options the service can take. */
      options: ServiceOptionSupport;
    }[];
  };
  features: { service_selection: boolean; utterance_meta_column: boolean; debug: boolean };
  /** Whether summaries can be generated here, and by which model. */
  summaries: { available: boolean; model: string | null };
}
