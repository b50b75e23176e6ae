import { useQuery, useQueryClient } from "@tanstack/react-query";
import { describeError } from "../api/errors";
import { useSubmit } from "../lib/useSubmit";
import { useId, useState } from "react";
import type { InvitationDto, WorkspaceRole } from "../../../common/workspaces";
import { workspaceApi, workspaceKeys } from "../api/workspaces";
import { formatDateTime } from "../lib/dates";
import { toast } from "../lib/toasts";
import { ROLE_CHOICES, ROLE_LABELS } from "./roles";

/** An owner's side of invitations: invite by e-mail with a role; pending ones resent or revoked. */
export function InvitationsSection({ workspaceId }: { workspaceId: string }) {
  const client = useQueryClient();
  const invitations = useQuery({ queryKey: workspaceKeys.invitations(workspaceId), queryFn: () => workspaceApi.invitations(workspaceId) });
  const refresh = () => client.invalidateQueries({ queryKey: ["workspaces", workspaceId] });
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast(done, "success");
    } catch (error) {
      toast(describeError(error), "error");
    }
    await refresh();
  };
  return (
    <>
      <h4>Invite someone</h4>
      <InviteForm workspaceId={workspaceId} onSent={refresh} />
      <h4>Pending invitations</h4>
      {invitations.data?.length === 0 && <p className="muted">No pending invitations.</p>}
      <ul className="invitation-list" data-testid="invitation-list">
        {(invitations.data ?? []).map((inv: InvitationDto) => (
          <li key={inv.id}>
            <span>
              {inv.email}{" "}
              <span className="muted">
                as {ROLE_LABELS[inv.role].toLowerCase()}, until {formatDateTime(inv.expires_at)}
              </span>
            </span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void act(() => workspaceApi.resend(inv.id), `Invitation resent to ${inv.email}`)}
            >
              Resend<span className="visually-hidden"> to {inv.email}</span>
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void act(() => workspaceApi.revoke(inv.id), "Invitation revoked")}
            >
              Revoke<span className="visually-hidden"> the invitation to {inv.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function InviteForm({ workspaceId, onSent }: { workspaceId: string; onSent: () => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("editor");
  const emailId = useId();
  const roleId = useId();
  const { busy, onSubmit } = useSubmit(async () => {
    const invitation = await workspaceApi.invite(workspaceId, email, role);
    toast(`Invitation sent to ${invitation.email}`, "success");
    setEmail("");
    onSent();
  });
  return (
    <form className="invite-form" onSubmit={onSubmit}>
      <label htmlFor={emailId}>E-mail</label>
      <input id={emailId} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor={roleId}>Role</label>
      <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as WorkspaceRole)}>
        {ROLE_CHOICES.map((c) => (
          <option key={c.role} value={c.role}>
            {c.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={busy || !email.trim()}>
        {busy ? "Sending..." : "Send invitation"}
      </button>
    </form>
  );
}
