// A member's access to the file a transcript route is about, read in the same D1 trip as the
// sign-in check (docs/decisions/051-one-d1-trip-per-edit.md): routes carry the `fileAccess`
// marker, handlers ask `fileAccessOf`.
import type { Context } from "hono";
import { editChargeStatements, editWaitFrom } from "../auth/edit-budget";
import { withSignIn } from "../auth/read-with-sign-in";
import type { AppEnv } from "../types";
import { type FileAccessRow, fileAccessQuery } from "../workspaces/access";

/**
 * Marks a route about the file named by `param`: the sign-in check reads the caller's access to
 * it, and on a write (an edit) takes a unit of the caller's edit limit in the same trip.
 */
export const fileAccess = (param: "id") =>
  withSignIn({
    param,
    query: fileAccessQuery,
    keep: (c, fileId, rows) => c.set("fileAccess", { fileId, row: (rows as FileAccessRow[])[0] }),
    onWrite: {
      statements: (db, userId) => editChargeStatements(db, userId),
      keep: (c, results) => c.set("editWait", editWaitFrom(results)),
    },
  });

/** The caller's access to the file: as the sign-in check read it, or read now (an API token, an unmarked route). */
export async function fileAccessOf(c: Context<AppEnv>, fileId: string): Promise<FileAccessRow | undefined> {
  const kept = c.var.fileAccess;
  return kept?.fileId === fileId ? kept.row : (await fileAccessQuery(c.var.db, c.var.user.id, fileId))[0];
}
