import { useQueryClient } from "@tanstack/react-query";
import { describeError } from "../api/errors";
import { useSubmit } from "../lib/useSubmit";
import { useId, useState } from "react";
import { WORKSPACE_LIMITS, type WorkspaceDto } from "../../../common/workspaces";
import { useWorkspaces, workspaceApi, workspaceKeys } from "../api/workspaces";
import { Modal } from "../components/Modal";
import { toast } from "../lib/toasts";
import { ROLE_LABELS } from "./roles";
import { WorkspaceDetails } from "./WorkspaceDetails";

/** The caller's workspaces: create a team, and per workspace its members, invitations and log. */
export function WorkspacesDialog({ onClose }: { onClose: () => void }) {
  const workspaces = useWorkspaces();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = workspaces.data ?? [];
  const selected = list.find((w) => w.id === selectedId) ?? list.find((w) => !w.personal) ?? list[0];
  return (
    <Modal title="Workspaces" onClose={onClose} wide>
      <p className="muted">Invite people into a team workspace with a role. Your personal workspace is only yours.</p>
      {workspaces.isPending && <p className="muted">Loading workspaces...</p>}
      {workspaces.isError && <p role="alert">{describeError(workspaces.error)}</p>}
      {list.length > 0 && (
        <div className="workspaces-layout">
          <nav aria-label="Your workspaces">
            <ul className="workspace-list" data-testid="workspace-list">
              {list.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    className="workspace-choice"
                    aria-current={w.id === selected?.id ? "true" : undefined}
                    onClick={() => setSelectedId(w.id)}
                  >
                    <span>{w.name}</span> <span className="muted">{w.personal ? "Only you" : ROLE_LABELS[w.role]}</span>
                  </button>
                </li>
              ))}
            </ul>
            <NewWorkspaceForm onCreated={(w) => setSelectedId(w.id)} />
          </nav>
          {selected && <WorkspaceDetails key={selected.id} workspace={selected} onGone={() => setSelectedId(null)} />}
        </div>
      )}
    </Modal>
  );
}

function NewWorkspaceForm({ onCreated }: { onCreated: (workspace: WorkspaceDto) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const id = useId();
  const { busy, onSubmit } = useSubmit(async () => {
    const workspace = await workspaceApi.create(name);
    await client.invalidateQueries({ queryKey: workspaceKeys.all });
    setName("");
    onCreated(workspace);
    toast(`Workspace "${workspace.name}" created`, "success");
  });
  return (
    <form className="workspace-new" onSubmit={onSubmit}>
      <label htmlFor={id}>New team workspace</label>
      <input id={id} value={name} maxLength={WORKSPACE_LIMITS.nameMaxLength} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button" disabled={busy || !name.trim()}>
        {busy ? "Creating..." : "Create"}
      </button>
    </form>
  );
}
