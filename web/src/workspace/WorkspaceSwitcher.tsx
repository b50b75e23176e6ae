import { useNavigate } from "react-router";
import { useWorkspaces } from "../api/workspaces";
import { Menu, type MenuItem } from "../components/Menu";
import { switcherEntries, workspaceLabel } from "./current-workspace";
import { openDialog } from "./dialog-state";
import { useCurrentWorkspace } from "./useCurrentWorkspace";

/**
 * The files sidebar's title: the open workspace, and a menu (keyboard-reachable, the app's
 * menu button) of the user's workspaces to switch to, each opening its dashboard.
 */
export function WorkspaceSwitcher() {
  const navigate = useNavigate();
  const current = useCurrentWorkspace();
  const workspaces = useWorkspaces();
  const name = workspaceLabel(current.workspace);
  const entries = switcherEntries(workspaces.data ?? []);
  const role = entries.find((e) => e.id === current.id)?.role;
  const items: MenuItem[] = entries.map((entry) => ({
    key: entry.id,
    label: entry.role ? `${entry.name} · ${entry.role}` : entry.name,
    checked: entry.id === current.id,
    onSelect: () => navigate(current.pathIn("/dashboard", entry.id)),
  }));
  items.push({ key: "manage", label: "Manage workspaces…", onSelect: () => openDialog({ kind: "workspaces" }) });
  return (
    <div className="workspace-switcher" data-testid="workspace-switcher">
      <Menu
        label={`Workspace: ${name}${role ? ` (${role})` : ""}. Switch workspace`}
        items={items}
        triggerClassName="workspace-switcher-button"
        trigger={
          <>
            <span className="workspace-switcher-name">{name}</span>
            {role && <span className="muted small">{role}</span>}
            <span aria-hidden="true" className="workspace-switcher-caret">
              ▾
            </span>
          </>
        }
      />
    </div>
  );
}
