// Uploads in parts: how a file is cut, and the calls that create, sign, complete and abort an upload.
import * as z from "zod";

export const MiB = 1024 * 1024;
/** R2 refuses parts under 5 MiB (but the last) and more than 10,000 parts. */
export const MIN_PART_SIZE = 8 * MiB;
export const MAX_PARTS = 10_000;
/** Files up to this size keep the single PUT: one request is quicker than parts. */
export const MULTIPART_THRESHOLD = 2 * MIN_PART_SIZE;
/** How long an upload can be resumed (a page reload included) before it is removed. */
export const MULTIPART_VALIDITY_SECONDS = 24 * 3600;
/** At most this many part links per request. */
export const PART_LINKS_PER_REQUEST = 100;
/** Uploads in parts one user may have open at once (each holds storage until it is finished or removed). */
export const MAX_OPEN_UPLOADS = 20;

export const MULTIPART_MESSAGES = {
  uploadNotFound: "Upload not found. Please upload the file again.",
  partsIncomplete: "Some parts of the upload are missing. Please upload the file again.",
  partNumberInvalid: "Part numbers run from 1 to the upload's part count.",
  alreadyConfirmed: "This upload is already a file in your library.",
  tooManyOpen: `You have ${MAX_OPEN_UPLOADS} uploads in progress, the most at once. Let one finish or cancel one to start another.`,
} as const;

/** Equal parts (R2 wants every part but the last the same size), as few as the part limit allows. */
export function partSizeFor(fileSize: number): number {
  return Math.max(MIN_PART_SIZE, Math.ceil(fileSize / MAX_PARTS / MiB) * MiB);
}

export function partCountFor(fileSize: number, partSize: number): number {
  return Math.ceil(fileSize / partSize);
}

/** The byte range [start, end) of part `n` (1-based). */
export function partRange(n: number, partSize: number, fileSize: number): { start: number; end: number } {
  const start = (n - 1) * partSize;
  return { start, end: Math.min(start + partSize, fileSize) };
}

const partNumber = z.coerce
  .number()
  .int()
  .min(1, MULTIPART_MESSAGES.partNumberInvalid)
  .max(MAX_PARTS, MULTIPART_MESSAGES.partNumberInvalid);

export const uploadIdParamSchema = z.object({ id: z.string().uuid(MULTIPART_MESSAGES.uploadNotFound) });

export const partLinksSchema = z.object({
  part_numbers: z.array(partNumber).min(1).max(PART_LINKS_PER_REQUEST),
});

export const completeUploadSchema = z.object({
  parts: z
    .array(z.object({ part_number: partNumber, etag: z.string().trim().min(1).max(200) }))
    .min(1, MULTIPART_MESSAGES.partsIncomplete)
    .max(MAX_PARTS),
});

export interface MultipartUploadDto {
  upload_id: string;
  key: string;
  /** The type storage keeps the object as (the server's choice, as for the single PUT). */
  content_type: string;
  part_size: number;
  part_count: number;
  expires_at: string;
}

export interface PartLinkDto {
  part_number: number;
  url: string;
  size: number;
}
