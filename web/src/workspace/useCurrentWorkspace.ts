import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useSnapshot } from "valtio";
import { useWorkspaces } from "../api/workspaces";
import { authState } from "../auth/store";
import { canCommentIn, canEditIn, inWorkspace, type ResolvedWorkspace, resolveWorkspace, workspaceFromSearch } from "./current-workspace";

export interface CurrentWorkspace extends ResolvedWorkspace {
  personalId: string;
  /** Upload, organise, edit: hidden or read-only where the role does not allow it. */
  canEdit: boolean;
  /** Comment, reply, mention and set a file's review status (commenters and up). */
  canComment: boolean;
  /** `path` in the current workspace (or in `workspaceId`). */
  pathIn(path: string, workspaceId?: string): string;
}

/** The workspace the address names (current-workspace.ts); every library read and write asks this. */
export function useCurrentWorkspace(): CurrentWorkspace {
  const personalId = useSnapshot(authState).user?.id ?? "";
  const [params] = useSearchParams();
  const workspaces = useWorkspaces();
  // The list is read again as the page opens (its default staleness): an id it lacks waits for that.
  const resolved = resolveWorkspace(workspaceFromSearch(params, personalId), workspaces.data, personalId, workspaces.isFetching);
  const id = resolved.id;
  const pathIn = useCallback((path: string, workspaceId?: string) => inWorkspace(path, workspaceId ?? id, personalId), [id, personalId]);
  return { ...resolved, personalId, canEdit: canEditIn(resolved.role), canComment: canCommentIn(resolved.role), pathIn };
}
