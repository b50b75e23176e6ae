import { useQuery, useQueryClient } from "@tanstack/react-query";
import { describeError } from "../api/errors";
import { useSubmit } from "../lib/useSubmit";
import { useId, useState } from "react";
import { useSnapshot } from "valtio";
import { type MemberDto, roleAllows, WORKSPACE_LIMITS, type WorkspaceDto, type WorkspaceRole } from "../../../common/workspaces";
import { workspaceApi, workspaceKeys } from "../api/workspaces";
import { authState } from "../auth/store";
import { formatDateTime } from "../lib/dates";
import { toast } from "../lib/toasts";
import { InvitationsSection } from "./InvitationsSection";
import { activityText, ROLE_CHOICES, ROLE_LABELS } from "./roles";
import { WebhooksSection } from "./WebhooksSection";

/** One workspace: its name, members and, for owners, invitations, webhooks, the log and deletion. */
export function WorkspaceDetails({ workspace, onGone }: { workspace: WorkspaceDto; onGone: () => void }) {
  const manages = roleAllows(workspace.role, "manage");
  if (workspace.personal) {
    return (
      <section className="workspace-details" aria-label={workspace.name}>
        <h3>{workspace.name}</h3>
        <p className="muted">Your personal workspace: only you can see and edit its files.</p>
        {manages && <WebhooksSection workspaceId={workspace.id} />}
      </section>
    );
  }
  return (
    <section className="workspace-details" aria-label={workspace.name}>
      {manages ? <RenameForm workspace={workspace} /> : <h3>{workspace.name}</h3>}
      <p className="muted">Your role: {ROLE_LABELS[workspace.role]}</p>
      <MembersSection workspace={workspace} onGone={onGone} />
      {manages && <InvitationsSection workspaceId={workspace.id} />}
      {manages && <WebhooksSection workspaceId={workspace.id} />}
      {manages && <ActivitySection workspaceId={workspace.id} />}
      {manages && <DeleteWorkspace workspace={workspace} onGone={onGone} />}
    </section>
  );
}

function RenameForm({ workspace }: { workspace: WorkspaceDto }) {
  const client = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const id = useId();
  const { onSubmit } = useSubmit(async () => {
    await workspaceApi.rename(workspace.id, name);
    await client.invalidateQueries({ queryKey: workspaceKeys.all });
    toast("Workspace renamed", "success");
  });
  return (
    <form className="workspace-rename" onSubmit={onSubmit}>
      <label htmlFor={id}>Workspace name</label>
      <input id={id} value={name} maxLength={WORKSPACE_LIMITS.nameMaxLength} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button button--ghost" disabled={!name.trim() || name.trim() === workspace.name}>
        Rename
      </button>
    </form>
  );
}

function MembersSection({ workspace, onGone }: { workspace: WorkspaceDto; onGone: () => void }) {
  const client = useQueryClient();
  const me = useSnapshot(authState).user?.id;
  const members = useQuery({ queryKey: workspaceKeys.members(workspace.id), queryFn: () => workspaceApi.members(workspace.id) });
  const manages = roleAllows(workspace.role, "manage");
  const refresh = () => client.invalidateQueries({ queryKey: ["workspaces"] });
  const change = async (member: MemberDto, role: WorkspaceRole) => {
    try {
      await workspaceApi.changeRole(workspace.id, member.user_id, role);
      toast(`${member.full_name} is now ${ROLE_LABELS[role].toLowerCase()}`, "success");
    } catch (error) {
      toast(describeError(error), "error");
    }
    await refresh();
  };
  // Links a removed member made keep working for whoever holds them: the owner is shown them.
  const [leftLinks, setLeftLinks] = useState<{ member: MemberDto; count: number } | null>(null);
  const remove = async (member: MemberDto) => {
    const leaving = member.user_id === me;
    try {
      const { share_links } = await workspaceApi.removeMember(workspace.id, member.user_id);
      toast(leaving ? `You left "${workspace.name}"` : `${member.full_name} removed`, "success");
      if (leaving) onGone();
      else if (share_links.length) setLeftLinks({ member, count: share_links.length });
    } catch (error) {
      toast(describeError(error), "error");
    }
    await refresh();
  };
  return (
    <>
      <h4>Members</h4>
      {leftLinks && <LeftShareLinks workspaceId={workspace.id} {...leftLinks} onDone={() => setLeftLinks(null)} />}
      {members.isPending && <p className="muted">Loading members...</p>}
      {members.isError && <p role="alert">{describeError(members.error)}</p>}
      <ul className="member-list" data-testid="member-list">
        {(members.data ?? []).map((member) => (
          <li key={member.user_id}>
            <span className="member-name">
              {member.full_name}
              {member.user_id === me ? " (you)" : ""} <span className="muted">{member.email}</span>
            </span>
            {manages ? (
              <select
                aria-label={`Role of ${member.full_name}`}
                value={member.role}
                onChange={(e) => void change(member, e.target.value as WorkspaceRole)}
              >
                {ROLE_CHOICES.map((c) => (
                  <option key={c.role} value={c.role}>
                    {c.label}
                  </option>
                ))}
              </select>
            ) : (
              <span>{ROLE_LABELS[member.role]}</span>
            )}
            {(manages || member.user_id === me) && (
              <button type="button" className="button button--ghost" onClick={() => void remove(member)}>
                {member.user_id === me ? "Leave" : "Remove"}
                <span className="visually-hidden"> {member.full_name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "N share links made by <name>", with Revoke all, after that member was removed. */
function LeftShareLinks({
  workspaceId,
  member,
  count,
  onDone,
}: {
  workspaceId: string;
  member: MemberDto;
  count: number;
  onDone: () => void;
}) {
  const { busy, onSubmit } = useSubmit(async () => {
    const { revoked } = await workspaceApi.revokeMemberShares(workspaceId, member.user_id);
    toast(`${revoked} share ${revoked === 1 ? "link" : "links"} revoked`, "success");
    onDone();
  });
  return (
    <form className="member-share-links" role="status" aria-label="Share links of a removed member" onSubmit={onSubmit}>
      <p>
        {count} share {count === 1 ? "link" : "links"} made by {member.full_name}: they keep working for whoever has them.
      </p>
      <button type="submit" className="button button--danger" disabled={busy}>
        Revoke all
      </button>{" "}
      <button type="button" className="button button--ghost" onClick={onDone}>
        Keep them
      </button>
    </form>
  );
}

function ActivitySection({ workspaceId }: { workspaceId: string }) {
  const [open, setOpen] = useState(false);
  const activity = useQuery({
    queryKey: workspaceKeys.activity(workspaceId),
    queryFn: () => workspaceApi.activity(workspaceId),
    enabled: open,
  });
  return (
    <details className="workspace-activity" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Activity (last 90 days)</summary>
      {activity.isPending && open && <p className="muted">Loading activity...</p>}
      <ul data-testid="activity-list">
        {(activity.data ?? []).map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time> {activityText(entry)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function DeleteWorkspace({ workspace, onGone }: { workspace: WorkspaceDto; onGone: () => void }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await workspaceApi.remove(workspace.id);
      toast(`Workspace "${workspace.name}" deleted`, "success");
      onGone();
      await client.invalidateQueries({ queryKey: workspaceKeys.all });
    } catch (error) {
      toast(describeError(error), "error");
    }
  };
  return confirming ? (
    <div className="workspace-delete" role="group" aria-label="Delete workspace">
      <p>Delete "{workspace.name}" for every member? This cannot be undone.</p>
      <button type="button" className="button button--danger" onClick={() => void remove()}>
        Delete workspace
      </button>{" "}
      <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  ) : (
    <button type="button" className="button button--ghost workspace-delete" onClick={() => setConfirming(true)}>
      Delete workspace...
    </button>
  );
}
