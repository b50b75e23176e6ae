// What the export endpoints do, apart from HTTP: request, retry, download link.
import { EXPORT_MESSAGES, type ExportFormat, type ExportOptions } from "../../common/exports";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { ExportRow } from "../db/schema";
import type { AudioFileRow } from "../db/schema";
import { ApiError, conflict } from "../lib/errors";
import { mediaLink } from "../storage/links";
import { getTranscriptHeader } from "../transcripts/read";
import { enqueueExport } from "./job";
import { createExport, failExport, resetForRetry } from "./store";
import { requireCompletedTranslation } from "./translated";

/** Download links are short-lived: the SPA asks for a fresh one on each click. */
export const EXPORT_LINK_TTL_SECONDS = 10 * 60;
export const QUEUE_FAILED = "Could not queue the export. Please try again.";

/**
 * A new pending export of a file's transcript (the caller may read the file), queued for
 * generation; with `language`, of its translation, which must be completed (else 422).
 */
export async function requestExport(
  env: Env,
  db: Db,
  userId: string,
  file: AudioFileRow,
  input: { format: ExportFormat; options: ExportOptions; language?: string | undefined },
): Promise<ExportRow> {
  await getTranscriptHeader(db, file.id);
  if (input.language) await requireCompletedTranslation(env, { fileId: file.id, language: input.language });
  const row = await createExport(db, {
    userId,
    audioFileId: file.id,
    fileName: file.name,
    format: input.format,
    options: input.options,
    language: input.language ?? null,
  });
  return queue(env, db, row);
}

/** A failed (or stuck) export is generated again from the transcript as it is now. */
export async function retryExport(env: Env, db: Db, row: ExportRow): Promise<ExportRow> {
  const reset = await resetForRetry(db, row);
  if (!reset) throw conflict(EXPORT_MESSAGES.retryNotFailed);
  return queue(env, db, reset);
}

async function queue(env: Env, db: Db, row: ExportRow): Promise<ExportRow> {
  try {
    await enqueueExport(env, row);
    return row;
  } catch (error) {
    // Never leave an export pending with no job behind it: it fails, and can be retried.
    console.error("Could not queue export", row.id, error);
    await failExport(db, row.id, QUEUE_FAILED);
    throw new ApiError(503, QUEUE_FAILED);
  }
}

export async function exportDownloadLink(config: Config, origin: string, row: ExportRow): Promise<string> {
  if (row.status !== "completed" || !row.storageKey) throw conflict(EXPORT_MESSAGES.notReady);
  return mediaLink(config, origin, row.storageKey, { download: true, filename: row.filename, ttlSeconds: EXPORT_LINK_TTL_SECONDS });
}
