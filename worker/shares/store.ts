// Share links in D1: the owner's side (create within quotas, list, change,
// revoke) and the lookup a visitor's secret goes through.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ShareCreateInput, ShareUpdateInput } from "../../common/share-schemas";
import { SHARE_LIMITS, SHARE_MESSAGES, type ShareDto } from "../../common/shares";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { shares, type ShareRow } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import { nowIso } from "../../common/time";
import { hashSecret, newSecret } from "./secret";

const DAY_MS = 24 * 3600_000;
const expiryFrom = (days: number | null) => (days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString());

export function toShareDto(row: ShareRow, url: string | null = null): ShareDto {
  return {
    id: row.id,
    url,
    label: row.label,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    expires_at: row.expiresAt,
    include_media: row.includeMedia,
    include_summary: row.includeSummary,
    include_notes: row.includeNotes,
    show_owner_name: row.showOwnerName,
    views: row.views,
    last_viewed_at: row.lastViewedAt,
  };
}

/**
 * A new link for a file the caller owns (checked by the caller), within the
 * per-file and per-user limits. One INSERT … SELECT, so concurrent creations
 * cannot both squeeze past a limit. Returns the row and the secret, which is
 * never stored and so can be shown only now.
 */
export async function createShare(
  db: Db,
  config: Config,
  userId: string,
  audioFileId: string,
  input: ShareCreateInput,
): Promise<{ row: ShareRow; secret: string }> {
  const secret = newSecret();
  const now = nowIso();
  const row: ShareRow = {
    id: crypto.randomUUID(),
    secretHash: await hashSecret(secret),
    userId,
    audioFileId,
    label: input.label,
    includeMedia: input.include_media,
    includeSummary: input.include_summary,
    includeNotes: input.include_notes,
    showOwnerName: input.show_owner_name,
    expiresAt: expiryFrom(input.expires_in_days),
    views: 0,
    lastViewedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const live = sql`(expires_at IS NULL OR expires_at > ${now})`;
  const inserted = await db.run(sql`
    INSERT INTO shares (id, secret_hash, user_id, audio_file_id, label, include_media, include_summary, include_notes,
                        show_owner_name, expires_at, views, last_viewed_at, created_at, updated_at)
    SELECT ${row.id}, ${row.secretHash}, ${userId}, ${audioFileId}, ${row.label}, ${Number(row.includeMedia)}, ${Number(row.includeSummary)},
           ${Number(row.includeNotes)}, ${Number(row.showOwnerName)}, ${row.expiresAt}, 0, NULL, ${now}, ${now}
    WHERE (SELECT count(*) FROM shares WHERE audio_file_id = ${audioFileId} AND ${live}) < ${SHARE_LIMITS.perFile}
      AND (SELECT count(*) FROM shares WHERE user_id = ${userId} AND ${live}) < ${config.QUOTA_SHARES}`);
  if ((inserted.meta.changes ?? 0) === 0) {
    const [perFile] = await db
      .select({ n: sql<number>`count(*)` })
      .from(shares)
      .where(and(eq(shares.audioFileId, audioFileId), live));
    throw forbidden(
      (perFile?.n ?? 0) >= SHARE_LIMITS.perFile ? SHARE_MESSAGES.tooManyForFile : SHARE_MESSAGES.tooMany(config.QUOTA_SHARES),
    );
  }
  return { row, secret };
}

/** A file's links, whoever made them, newest first (expired ones too, so editors see and can delete them). */
export function listShares(db: Db, audioFileId: string): Promise<ShareRow[]> {
  return db.select().from(shares).where(eq(shares.audioFileId, audioFileId)).orderBy(desc(shares.createdAt), desc(shares.id)).all();
}

/** A link by id, or 404; the caller then checks the role on its file. */
export async function getShare(db: Db, id: string): Promise<ShareRow> {
  const row = await db.select().from(shares).where(eq(shares.id, id)).get();
  if (!row) throw notFound(SHARE_MESSAGES.notFound);
  return row;
}

/** Changes the options sent (the caller may edit the link's file). */
export async function updateShare(db: Db, id: string, input: ShareUpdateInput): Promise<ShareRow> {
  const set: Partial<ShareRow> = { updatedAt: nowIso() };
  if (input.include_media !== undefined) set.includeMedia = input.include_media;
  if (input.include_summary !== undefined) set.includeSummary = input.include_summary;
  if (input.include_notes !== undefined) set.includeNotes = input.include_notes;
  if (input.show_owner_name !== undefined) set.showOwnerName = input.show_owner_name;
  if (input.label !== undefined) set.label = input.label;
  if (input.expires_in_days !== undefined) set.expiresAt = expiryFrom(input.expires_in_days);
  const row = await db.update(shares).set(set).where(eq(shares.id, id)).returning().get();
  if (!row) throw notFound(SHARE_MESSAGES.notFound);
  return row;
}

/** Revoking deletes the row: the secret finds nothing from the next request on. */
export async function deleteShare(db: Db, id: string): Promise<void> {
  const gone = await db.delete(shares).where(eq(shares.id, id)).returning({ id: shares.id }).get();
  if (!gone) throw notFound(SHARE_MESSAGES.notFound);
}

const unexpired = () => sql`(${shares.expiresAt} IS NULL OR ${shares.expiresAt} > ${nowIso()})`;

/**
 * The live link a secret belongs to, or undefined: unknown, revoked (deleted)
 * and expired links take the same single indexed query and give the same answer.
 */
export async function findLiveShare(db: Db, secret: string): Promise<ShareRow | undefined> {
  const hash = await hashSecret(secret);
  return db
    .select()
    .from(shares)
    .where(and(eq(shares.secretHash, hash), unexpired()))
    .get();
}

/** The live link with this id (a media token names it), or undefined when revoked or expired. */
export async function findLiveShareById(db: Db, id: string): Promise<ShareRow | undefined> {
  return db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), unexpired()))
    .get();
}
