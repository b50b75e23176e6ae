// The share links a member made on a workspace's files. A link works for whoever holds it,
// whether or not its maker is still a member, so an owner removing someone is shown theirs
// and may revoke them all at once.
import { sql } from "drizzle-orm";
import type { MemberShareDto } from "../../common/workspaces";
import type { Db } from "../db/client";

/** Every link (expired ones too) the person made on the workspace's files, newest first. */
export function sharesMadeBy(db: Db, workspaceId: string, userId: string): Promise<MemberShareDto[]> {
  return db.all<MemberShareDto>(sql`
    SELECT s.id, s.audio_file_id, f.name AS file_name, s.label, s.created_at, s.expires_at
    FROM shares s JOIN audio_files f ON f.id = s.audio_file_id
    WHERE s.user_id = ${userId} AND f.workspace_id = ${workspaceId}
    ORDER BY s.created_at DESC, s.id`);
}

/** Deletes them all (a deleted link's secret finds nothing from the next request on); answers how many. */
export async function revokeSharesMadeBy(db: Db, workspaceId: string, userId: string): Promise<number> {
  // Counted from the rows returned: `meta.changes` also counts the view rows that go with them.
  const deleted = await db.all<{ id: string }>(sql`
    DELETE FROM shares
    WHERE user_id = ${userId} AND audio_file_id IN (SELECT id FROM audio_files WHERE workspace_id = ${workspaceId})
    RETURNING id`);
  return deleted.length;
}
