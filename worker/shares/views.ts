// View counting: a link's views go up at most once per visitor per hour. The
// visitor is a keyed hash of the address, per link (another browser at the same
// address is the same visitor, so views cannot be inflated by changing the user
// agent), so the table holds no addresses and cannot link one visitor across links.
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { shares, shareViews, type ShareRow } from "../db/schema";
import { sha256Hex } from "../lib/random";
import { nowIso } from "../../common/time";

const HOUR_MS = 3600_000;

export async function visitorHash(key: string, shareId: string, ip: string): Promise<string> {
  return sha256Hex(`${key}\u0000view\u0000${shareId}\u0000${ip}`);
}

/**
 * Counts a view unless this visitor was counted in the last hour. The upsert
 * decides (atomically), so two requests at once count once; the counter and
 * last-viewed time change only when it did.
 */
export async function countView(db: Db, share: Pick<ShareRow, "id">, visitor: string): Promise<boolean> {
  const now = nowIso();
  const hourAgo = new Date(Date.now() - HOUR_MS).toISOString();
  const counted = await db.all<{ share_id: string }>(sql`
    INSERT INTO share_views (share_id, visitor_hash, counted_at) VALUES (${share.id}, ${visitor}, ${now})
    ON CONFLICT (share_id, visitor_hash) DO UPDATE SET counted_at = excluded.counted_at WHERE share_views.counted_at <= ${hourAgo}
    RETURNING share_id`);
  if (counted.length === 0) return false;
  await db.batch([
    db
      .update(shares)
      .set({ views: sql`${shares.views} + 1`, lastViewedAt: now })
      .where(eq(shares.id, share.id)),
    // Visitors seen more than an hour ago are of no further use.
    db.delete(shareViews).where(and(eq(shareViews.shareId, share.id), lte(shareViews.countedAt, hourAgo))),
  ]);
  return true;
}
