// Exports of a transcript (docs/api.md and docs/product.md): formats, options, the
// request and answer shapes and their texts, shared by the Worker and the SPA.
import * as z from "zod";

/** pdf and docx are the spec's; captions and plain text are what people take elsewhere. */
export const EXPORT_FORMATS = {
  pdf: { label: "PDF document", extension: "pdf", contentType: "application/pdf" },
  docx: {
    label: "Word document (DOCX)",
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  srt: { label: "SubRip subtitles (SRT)", extension: "srt", contentType: "application/x-subrip" },
  vtt: { label: "WebVTT captions (VTT)", extension: "vtt", contentType: "text/vtt" },
  txt: { label: "Plain text (TXT)", extension: "txt", contentType: "text/plain; charset=utf-8" },
  /** A chapters track for a player (`<track kind="chapters">`): one cue per chapter. */
  vtt_chapters: { label: "WebVTT chapters (VTT)", extension: "chapters.vtt", contentType: "text/vtt" },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]];
export const exportFormatSchema = z.enum(EXPORT_FORMAT_NAMES);

/** docs/product.md#states: the export button polls every 5 s, at most 60 times. */
export const EXPORT_POLL = { intervalMs: 5_000, maxPolls: 60 } as const;

export const EXPORT_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const exportStatusSchema = z.enum(EXPORT_STATUSES);

export const EXPORT_MESSAGES = {
  formatInvalid: `Format must be one of: ${Object.keys(EXPORT_FORMATS).join(", ")}`,
  exportNotFound: "Export not found",
  notReady: "Export is not ready yet",
  retryNotFailed: "Only a failed export can be retried",
  transcriptNotReady: "The transcript is not ready to export",
  failedGeneric: "The export could not be generated",
  lost: "The export did not finish: its job was lost and could not be restarted. Please try again.",
  languageInvalid: "language must be the code of one of the transcript's translations",
} as const;

/**
 * What an export contains besides the utterances: everything by default but comment threads,
 * which are the team's working notes and go out only when asked for.
 */
export const exportOptionsSchema = z
  .object({
    include_timestamps: z.boolean().default(true),
    include_speakers: z.boolean().default(true),
    include_summary: z.boolean().default(true),
    include_notes: z.boolean().default(true),
    include_comments: z.boolean().default(false),
    include_chapters: z.boolean().default(true),
  })
  .strict();
export type ExportOptions = z.infer<typeof exportOptionsSchema>;
export const DEFAULT_EXPORT_OPTIONS: ExportOptions = exportOptionsSchema.parse({});

/** POST /transcripts/{id}/request-export; `options` may be omitted or partial; `language` exports a completed translation. */
export const requestExportSchema = z
  .object({
    format: z.enum(EXPORT_FORMAT_NAMES, { error: EXPORT_MESSAGES.formatInvalid }),
    options: exportOptionsSchema.optional(),
    language: z
      .string({ error: EXPORT_MESSAGES.languageInvalid })
      .min(1, EXPORT_MESSAGES.languageInvalid)
      .max(20, EXPORT_MESSAGES.languageInvalid)
      .optional(),
  })
  .strict();

export const exportListQuerySchema = z.object({ status: exportStatusSchema.optional() }).strict();

export interface ExportDto {
  id: string;
  audio_file_id: string;
  format: ExportFormat;
  status: ExportStatus;
  options: ExportOptions;
  /** The translation exported (decision 048); null for the transcript itself. */
  language: string | null;
  filename: string;
  /** Set on GET /exports/{id}/download only (a short-lived link); null elsewhere. */
  download_url: string | null;
  size_bytes: number | null;
  /** Why it failed, for a failed export. */
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** GET /transcripts/{id}/export-options */
export interface ExportOptionsDto {
  formats: { value: ExportFormat; label: string; extension: string }[];
  options: { key: keyof ExportOptions; label: string; default: boolean }[];
}

export const EXPORT_OPTION_LABELS: Record<keyof ExportOptions, string> = {
  include_timestamps: "Timestamps",
  include_speakers: "Speaker names and roles",
  include_summary: "Summary",
  include_notes: "Notes",
  include_comments: "Comments",
  include_chapters: "Chapters",
};

export function exportOptionsDto(): ExportOptionsDto {
  return {
    formats: (Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((value) => ({
      value,
      label: EXPORT_FORMATS[value].label,
      extension: EXPORT_FORMATS[value].extension,
    })),
    options: (Object.keys(EXPORT_OPTION_LABELS) as (keyof ExportOptions)[]).map((key) => ({
      key,
      label: EXPORT_OPTION_LABELS[key],
      default: DEFAULT_EXPORT_OPTIONS[key],
    })),
  };
}

/**
 * A file name safe on every system and in a Content-Disposition header: the
 * recording's name without its extension, path and control characters removed; a translation's
 * language code before the extension.
 */
export function exportFilename(fileName: string, format: ExportFormat, language: string | null = null): string {
  const base = fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[\\/:*?"<>|]+/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return `${base || "transcript"}${language ? `.${language}` : ""}.${EXPORT_FORMATS[format].extension}`;
}
