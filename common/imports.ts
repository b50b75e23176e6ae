// Import from a link (docs/api.md, Import from a link): a media URL instead of a file on disk.
import * as z from "zod";
import { folderRefSchema } from "./library";
import { transcriptionOptionsInputSchema } from "./transcription-options";
import { workspaceRefSchema } from "./workspaces";

export const IMPORT_LIMITS = {
  urlMaxLength: 2_000,
  /** Redirects followed, each to an address checked again. */
  redirects: 5,
  /** Time to the link's answer (its status and headers; IMPORT_ANSWER_SECONDS). The body is not timed by it. */
  answerMs: 30_000,
  /** The whole download at most (IMPORT_DOWNLOAD_SECONDS), well inside a queue consumer's 15 minutes. */
  downloadMs: 12 * 60_000,
  /** Each part written to storage while the file streams in. */
  partBytes: 10 * 1024 * 1024,
} as const;

export const IMPORT_MESSAGES = {
  urlInvalid: "url must be a valid https link",
  fetching: "Fetching the file from the link",
  notPublic: "The link points to an address that is not allowed (local, private or metadata addresses)",
  tooManyRedirects: `The link redirects more than ${IMPORT_LIMITS.redirects} times`,
  noAnswer: (seconds: number) => `The link did not answer within ${seconds} seconds`,
  tooSlow: (minutes: number) => `The download from the link did not finish within ${minutes} minutes`,
  downloading: "Downloading from the link",
  answered: (status: number) => `The link answered ${status} instead of the file`,
  notMedia: (type: string) => `The link gave ${type || "something"}, not an audio or video file`,
  empty: "The link gave an empty file",
  unreachable: "The link could not be reached",
  failed: "The file could not be fetched from the link",
} as const;

/** POST /audio_files/import */
export const linkImportSchema = z.strictObject({
  url: z
    .string({ error: IMPORT_MESSAGES.urlInvalid })
    .trim()
    .max(IMPORT_LIMITS.urlMaxLength, IMPORT_MESSAGES.urlInvalid)
    .pipe(z.url({ error: IMPORT_MESSAGES.urlInvalid })),
  folder_id: folderRefSchema,
  workspace_id: workspaceRefSchema,
  transcription_options: transcriptionOptionsInputSchema.optional(),
});
