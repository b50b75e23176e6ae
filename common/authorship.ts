// Who may act on a comment or a highlight (decisions 040 and 047), written once: the transcript
// store asks it where the author is kept, and the SPA asks it to offer only what will work.
import { roleAllows, type WorkspaceRole } from "./workspaces";

export type AuthoredAct =
  /** Resolve or reopen a comment thread. */
  | "resolve"
  /** Remove a highlight. */
  | "remove"
  /** Change a comment's words, or delete the comment. */
  | "rewrite";

export interface Actor {
  id: string;
  role: WorkspaceRole;
}

/**
 * Its author may do each act while their role lets them comment; someone who may edit the file
 * also resolves anyone's thread and removes anyone's highlight. A comment's words stay its author's.
 */
export function mayActOn(act: AuthoredAct, actor: Actor, authorId: string): boolean {
  if (!roleAllows(actor.role, "comment")) return false;
  if (authorId === actor.id) return true;
  return act !== "rewrite" && roleAllows(actor.role, "edit");
}
