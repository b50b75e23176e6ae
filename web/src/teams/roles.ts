import { REVIEW_LABELS, type ReviewStatus } from "../../../common/comments";
import { type ActivityDto, WORKSPACE_ROLES, type WorkspaceRole } from "../../../common/workspaces";

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: "Owner",
  editor: "Editor",
  commenter: "Commenter",
  viewer: "Viewer",
};

export const ROLE_CHOICES = WORKSPACE_ROLES.map((role) => ({ role, label: ROLE_LABELS[role] }));

/** Seconds as m:ss.s, for a redacted range. */
const clock = (seconds: string | undefined) => {
  const s = Number(seconds ?? 0);
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, "0")}`;
};

/** One line of the activity log, as an owner reads it. */
export function activityText(entry: ActivityDto): string {
  const d = entry.detail;
  const who = entry.actor.name;
  const role = (r: string | undefined) => (r ? (ROLE_LABELS[r as WorkspaceRole]?.toLowerCase() ?? r) : "");
  const review = (s: string | undefined) => (s ? (REVIEW_LABELS[s as ReviewStatus] ?? s) : "");
  switch (entry.kind) {
    case "workspace_created":
      return `${who} created the workspace "${d.name}"`;
    case "workspace_renamed":
      return `${who} renamed the workspace from "${d.from}" to "${d.to}"`;
    case "member_joined":
      return `${d.email} joined as ${role(d.role)}`;
    case "member_role_changed":
      return `${who} changed ${d.email} from ${role(d.from)} to ${role(d.to)}`;
    case "member_removed":
      return `${who} removed ${d.email}`;
    case "member_left":
      return `${d.email} left`;
    case "invitation_sent":
      return `${who} invited ${d.email} as ${role(d.role)}`;
    case "invitation_resent":
      return `${who} resent the invitation to ${d.email}`;
    case "invitation_revoked":
      return `${who} revoked the invitation to ${d.email}`;
    case "review_changed":
      return `${who} changed the review status of "${d.file_name}" from ${review(d.from)} to ${review(d.to)}`;
    case "redaction":
      return `${who} redacted ${clock(d.start_time)}–${clock(d.end_time)} of "${d.file_name}" as [${d.label}]`;
    default:
      return `${who}: ${entry.kind}`;
  }
}
