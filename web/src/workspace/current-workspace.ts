// Which workspace the library shows. The address is the one owner: `?workspace=<id>` names a
// team workspace and no parameter is the personal one, whose id is the user's (decision 036).
// Plain functions, so the rules test without a browser; the hook reads them from the router.
import { roleAllows, type WorkspaceDto, type WorkspaceRole } from "../../../common/workspaces";
import { ROLE_LABELS } from "../teams/roles";

export const WORKSPACE_PARAM = "workspace";

/** The workspace an address's query asks for: its parameter, else the personal workspace. */
export function workspaceFromSearch(search: string | URLSearchParams, personalId: string): string {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return params.get(WORKSPACE_PARAM) || personalId;
}

/** `path` (its query kept) opened in workspace `id`: the parameter is written for a team only. */
export function inWorkspace(path: string, id: string, personalId: string): string {
  const at = path.indexOf("?");
  const pathname = at < 0 ? path : path.slice(0, at);
  const params = new URLSearchParams(at < 0 ? "" : path.slice(at + 1));
  if (id === personalId) params.delete(WORKSPACE_PARAM);
  else params.set(WORKSPACE_PARAM, id);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export interface ResolvedWorkspace {
  id: string;
  /** Null while the list of workspaces loads. */
  workspace: WorkspaceDto | null;
  /** Null while a team's list entry is not known yet: nothing is written until it is. */
  role: WorkspaceRole | null;
  /** The address named a workspace the user is not (or no longer) a member of. */
  unknown: boolean;
}

/**
 * The workspace to show for the one asked for. While the list loads the address is trusted
 * (the library's reads start at once); an id not in the list falls back to the personal one,
 * once a list read again (`refreshing`, e.g. after an invitation was accepted) still lacks it.
 */
export function resolveWorkspace(
  requested: string,
  list: readonly WorkspaceDto[] | undefined,
  personalId: string,
  refreshing = false,
): ResolvedWorkspace {
  if (!list || (refreshing && !list.some((w) => w.id === requested)))
    return { id: requested, workspace: null, role: requested === personalId ? "owner" : null, unknown: false };
  const found = list.find((w) => w.id === requested);
  if (found) return { id: found.id, workspace: found, role: found.role, unknown: false };
  const own = list.find((w) => w.id === personalId) ?? null;
  return { id: personalId, workspace: own, role: "owner", unknown: requested !== personalId };
}

/** Upload, organise, edit and re-transcribe: owners and editors (common/workspaces.ts). */
export const canEditIn = (role: WorkspaceRole | null): boolean => role !== null && roleAllows(role, "edit");
/** Comment, reply, mention and set a file's review status: commenters and up (viewers read the threads). */
export const canCommentIn = (role: WorkspaceRole | null): boolean => role !== null && roleAllows(role, "comment");

const byName = (a: WorkspaceDto, b: WorkspaceDto) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** The personal workspace first, then the teams by name. */
const ordered = (list: readonly WorkspaceDto[]) => [...list.filter((w) => w.personal), ...list.filter((w) => !w.personal).sort(byName)];

export interface SwitcherEntry {
  id: string;
  name: string;
  /** The user's role, for a team workspace. */
  role: string | null;
}

/** The switcher's choices: "Personal", then each team with the user's role in it. */
export function switcherEntries(list: readonly WorkspaceDto[]): SwitcherEntry[] {
  return ordered(list).map((w) =>
    w.personal ? { id: w.id, name: "Personal", role: null } : { id: w.id, name: w.name, role: ROLE_LABELS[w.role] },
  );
}

/** How the current workspace is named in the sidebar. */
export const workspaceLabel = (workspace: WorkspaceDto | null): string =>
  !workspace ? "…" : workspace.personal ? "Personal" : workspace.name;

/** Where a file may be moved from workspace `currentId`: every other workspace the user may write in. */
export function moveTargets(list: readonly WorkspaceDto[], currentId: string): WorkspaceDto[] {
  return ordered(list).filter((w) => w.id !== currentId && canEditIn(w.role));
}

/**
 * Whether a file whose transcription just finished opens by itself: only the user's own upload,
 * in the workspace on screen. A teammate's upload, or one in another workspace, is a toast only.
 */
export function opensWhenReady(
  file: { workspaceId: string; uploadedBy: string | null } | undefined,
  workspaceId: string,
  userId: string,
): boolean {
  return !!file && file.workspaceId === workspaceId && file.uploadedBy === userId;
}
