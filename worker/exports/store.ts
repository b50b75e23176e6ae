// Export rows: creation, the job's status transitions, reads for the API. Every
// transition is a conditional update, so a redelivered or late job message can
// never move an export backwards (a completed export stays completed).
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import {
  EXPORT_MESSAGES,
  exportFilename,
  exportOptionsSchema,
  type ExportDto,
  type ExportFormat,
  type ExportOptions,
  type ExportStatus,
} from "../../common/exports";
import type { Db } from "../db/client";
import { exportsTable, type ExportRow } from "../db/schema";
import { notFound } from "../lib/errors";
import { nowIso } from "../../common/time";

/** An export waiting or generating this long with no change is stuck (its message was lost): it may be retried. */
export const EXPORT_STUCK_AFTER_SECONDS = 15 * 60;

export function toExportDto(row: ExportRow, downloadUrl: string | null = null): ExportDto {
  const options = exportOptionsSchema.safeParse(JSON.parse(row.options));
  return {
    id: row.id,
    audio_file_id: row.audioFileId,
    format: row.format,
    status: row.status,
    options: options.success ? options.data : exportOptionsSchema.parse({}),
    language: row.language,
    filename: row.filename,
    download_url: downloadUrl,
    size_bytes: row.sizeBytes,
    error: row.error,
    attempts: row.attempts,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    completed_at: row.completedAt,
  };
}

/** Where an export's file lives: under its owner's prefix, one object per export. */
export const exportStorageKey = (row: Pick<ExportRow, "userId" | "id" | "filename">) =>
  `users/${row.userId}/exports/${row.id}/${row.filename}`;

export async function createExport(
  db: Db,
  input: { userId: string; audioFileId: string; fileName: string; format: ExportFormat; options: ExportOptions; language?: string | null },
): Promise<ExportRow> {
  const now = nowIso();
  const row: ExportRow = {
    id: crypto.randomUUID(),
    userId: input.userId,
    audioFileId: input.audioFileId,
    format: input.format,
    options: JSON.stringify(input.options),
    status: "pending",
    language: input.language ?? null,
    filename: exportFilename(input.fileName, input.format, input.language ?? null),
    storageKey: null,
    sizeBytes: null,
    error: null,
    attempts: 0,
    requeues: 0,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  await db.insert(exportsTable).values(row);
  return row;
}

export async function getOwnedExport(db: Db, userId: string, id: string): Promise<ExportRow> {
  const row = await db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.id, id), eq(exportsTable.userId, userId)))
    .get();
  if (!row) throw notFound(EXPORT_MESSAGES.exportNotFound);
  return row;
}

export async function listExports(db: Db, userId: string, status?: ExportStatus): Promise<ExportRow[]> {
  const where = status ? and(eq(exportsTable.userId, userId), eq(exportsTable.status, status)) : eq(exportsTable.userId, userId);
  return db.select().from(exportsTable).where(where).orderBy(desc(exportsTable.createdAt)).limit(200).all();
}

export async function findExport(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.select().from(exportsTable).where(eq(exportsTable.id, id)).get();
}

/** pending/processing → processing with one more attempt; undefined when it is already finished or gone. */
export async function startAttempt(db: Db, row: ExportRow): Promise<ExportRow | undefined> {
  return db
    .update(exportsTable)
    .set({ status: "processing", attempts: row.attempts + 1, updatedAt: nowIso() })
    .where(and(eq(exportsTable.id, row.id), inArray(exportsTable.status, ["pending", "processing"])))
    .returning()
    .get();
}

export async function completeExport(db: Db, id: string, storageKey: string, sizeBytes: number): Promise<ExportRow | undefined> {
  const now = nowIso();
  return db
    .update(exportsTable)
    .set({ status: "completed", storageKey, sizeBytes, error: null, updatedAt: now, completedAt: now })
    .where(and(eq(exportsTable.id, id), eq(exportsTable.status, "processing")))
    .returning()
    .get();
}

export async function failExport(db: Db, id: string, reason: string): Promise<ExportRow | undefined> {
  return db
    .update(exportsTable)
    .set({ status: "failed", error: reason, updatedAt: nowIso() })
    .where(and(eq(exportsTable.id, id), inArray(exportsTable.status, ["pending", "processing"])))
    .returning()
    .get();
}

/** A failed export, or one stuck waiting, goes back to pending; undefined when it may not be retried. */
export async function resetForRetry(db: Db, row: ExportRow): Promise<ExportRow | undefined> {
  const stuckBefore = new Date(Date.now() - EXPORT_STUCK_AFTER_SECONDS * 1000).toISOString();
  return db
    .update(exportsTable)
    .set({ status: "pending", error: null, attempts: 0, requeues: 0, updatedAt: nowIso() })
    .where(
      and(
        eq(exportsTable.id, row.id),
        or(
          eq(exportsTable.status, "failed"),
          and(inArray(exportsTable.status, ["pending", "processing"]), lt(exportsTable.updatedAt, stuckBefore)),
        ),
      ),
    )
    .returning()
    .get();
}

/** Exports waiting or generating with no change since `before`: their messages were lost (a restart). */
export async function stuckExports(db: Db, before: string): Promise<ExportRow[]> {
  return db
    .select()
    .from(exportsTable)
    .where(and(inArray(exportsTable.status, ["pending", "processing"]), lt(exportsTable.updatedAt, before)))
    .limit(200)
    .all();
}

/**
 * The recovery sweep re-sends a stuck export: back to pending, conditional on the row as it
 * read it, so two sweeps (or a job starting meanwhile) never both act. Undefined when another won.
 */
export async function claimExportRequeue(db: Db, row: ExportRow): Promise<ExportRow | undefined> {
  return db
    .update(exportsTable)
    .set({ status: "pending", requeues: row.requeues + 1, updatedAt: nowIso() })
    .where(and(eq(exportsTable.id, row.id), eq(exportsTable.status, row.status), eq(exportsTable.updatedAt, row.updatedAt)))
    .returning()
    .get();
}

/** The stored export files of some audio files (removed from R2 before the files' rows go). */
export async function exportKeysOfFiles(db: Db, audioFileIds: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < audioFileIds.length; i += 90) {
    const rows = await db
      .select({ key: exportsTable.storageKey })
      .from(exportsTable)
      .where(inArray(exportsTable.audioFileId, audioFileIds.slice(i, i + 90)))
      .all();
    for (const r of rows) if (r.key) keys.push(r.key);
  }
  return keys;
}
