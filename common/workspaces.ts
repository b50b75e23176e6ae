// Workspaces and their members' roles (docs/decisions/036-workspaces.md): the one
// table of what each role may do, the limits, texts, input schemas and answer shapes
// shared by the worker and the SPA.
import * as z from "zod";
import { BIDI_MESSAGE, plainTextCheck } from "../core/plain-text";

export const WORKSPACE_ROLES = ["owner", "editor", "commenter", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** What a member may do; every route asks `roleAllows` and nothing else. */
export type WorkspaceAction =
  /** Open files, play, search, export. */
  | "read"
  /** Comment (once comments exist). */
  | "comment"
  /** Upload, edit transcripts, organise, re-transcribe, create share links. */
  | "edit"
  /** Rename the workspace, invite, change roles, remove members, read the activity log, delete the workspace. */
  | "manage";

const RIGHTS: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: ["read", "comment", "edit", "manage"],
  editor: ["read", "comment", "edit"],
  commenter: ["read", "comment"],
  viewer: ["read"],
};

export const roleAllows = (role: WorkspaceRole, action: WorkspaceAction) => RIGHTS[role].includes(action);

export const WORKSPACE_LIMITS = {
  nameMaxLength: 100,
  /** Team workspaces one account may own. */
  ownedTeams: 20,
  /** Members (and pending invitations) of one workspace. */
  members: 200,
  invitationDays: 7,
  /** Invitations sent (new or resent) per workspace per hour. */
  invitationsPerHour: 20,
  /** Invitations one person sends (new or resent), from all their workspaces, per hour. */
  invitationsPerSenderPerHour: 30,
  activityDays: 90,
  activityPage: 100,
} as const;

export const WORKSPACE_MESSAGES = {
  notFound: "Workspace not found",
  forbidden: "Your role in this workspace does not allow this",
  nameRequired: "Workspace name is required",
  nameTooLong: `Workspace name must be ${WORKSPACE_LIMITS.nameMaxLength} characters or less`,
  nameControls: "Workspace name cannot contain line breaks or control characters",
  tooManyOwned: `You can own at most ${WORKSPACE_LIMITS.ownedTeams} team workspaces`,
  personalCannotBeDeleted: "Your personal workspace cannot be deleted",
  personalHasNoMembers: "A personal workspace cannot have other members",
  tooManyMembers: `A workspace can have at most ${WORKSPACE_LIMITS.members} members and pending invitations`,
  lastOwner: "A workspace needs at least one owner: make another member an owner first",
  memberNotFound: "Member not found",
  roleInvalid: `Role must be one of ${WORKSPACE_ROLES.join(", ")}`,
  emailInvalid: "Please enter a valid e-mail address",
  alreadyMember: "This person is already a member of the workspace",
  invitationNotFound: "Invitation not found or no longer valid",
  invitationOtherEmail: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
  invitationUnconfirmed: "Confirm your e-mail address before accepting an invitation",
  tooManyInvitations: `At most ${WORKSPACE_LIMITS.invitationsPerHour} invitations can be sent per hour from one workspace. Please try again later.`,
  tooManyInvitationsBySender: `You can send at most ${WORKSPACE_LIMITS.invitationsPerSenderPerHour} invitations an hour. Please try again later.`,
  tokenRequired: "Invitation token is required",
  workspaceIdInvalid: "workspace_id is invalid",
  folderInOtherWorkspace: "This folder belongs to another workspace",
} as const;

/** `workspace_id` on library calls: absent means the caller's personal workspace. */
export const workspaceRefSchema = z
  .string()
  .min(1, WORKSPACE_MESSAGES.workspaceIdInvalid)
  .max(100, WORKSPACE_MESSAGES.workspaceIdInvalid)
  .optional();

const NAME_TEXT = { bidi: BIDI_MESSAGE, lineBreak: WORKSPACE_MESSAGES.nameControls, control: WORKSPACE_MESSAGES.nameControls };

// Plain text (core/plain-text.ts), checked before the trim: a trailing line break is refused too.
const name = z
  .string({ error: WORKSPACE_MESSAGES.nameRequired })
  .superRefine(plainTextCheck(NAME_TEXT))
  .trim()
  .min(1, WORKSPACE_MESSAGES.nameRequired)
  .max(WORKSPACE_LIMITS.nameMaxLength, WORKSPACE_MESSAGES.nameTooLong);

const role = z.enum(WORKSPACE_ROLES, { error: WORKSPACE_MESSAGES.roleInvalid });

/** POST /workspaces and PATCH /workspaces/{id}. */
export const workspaceNameSchema = z.strictObject({ name });

/** POST /workspaces/{id}/invitations. */
export const invitationCreateSchema = z.strictObject({
  email: z
    .string({ error: WORKSPACE_MESSAGES.emailInvalid })
    .trim()
    .max(254, WORKSPACE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: WORKSPACE_MESSAGES.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  role,
});

/** PATCH /workspaces/{id}/members/{user_id}. */
export const memberUpdateSchema = z.strictObject({ role });

/** POST /invitations/accept. */
export const invitationAcceptSchema = z.strictObject({
  token: z.string({ error: WORKSPACE_MESSAGES.tokenRequired }).min(1, WORKSPACE_MESSAGES.tokenRequired).max(200),
});

export interface WorkspaceDto {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
}

/** A share link a member made on one of a workspace's files (GET /workspaces/{id}/members/{user_id}/shares). */
export interface MemberShareDto {
  id: string;
  audio_file_id: string;
  file_name: string;
  label: string | null;
  created_at: string;
  expires_at: string | null;
}

export interface MemberDto {
  user_id: string;
  email: string;
  full_name: string;
  role: WorkspaceRole;
}

export interface InvitationDto {
  id: string;
  email: string;
  role: WorkspaceRole;
  expires_at: string;
}

export const ACTIVITY_KINDS = [
  "workspace_created",
  "workspace_renamed",
  "member_joined",
  "member_role_changed",
  "member_removed",
  "member_left",
  "invitation_sent",
  "invitation_resent",
  "invitation_revoked",
  "file_deleted",
  "file_moved_in",
  "file_moved_out",
  "share_created",
  "share_revoked",
  "review_changed",
  "redaction",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityDto {
  id: number;
  kind: ActivityKind;
  actor: { id: string | null; name: string };
  detail: Record<string, string>;
  created_at: string;
}

/** The path of the SPA page that accepts an invitation (the e-mailed link adds `?token=`). */
export const INVITATION_ACCEPT_PATH = "/invitations/accept";
