import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { setGroupOpen, showGroup, TOOL_GROUPS, type ToolGroupId, toolGroups } from "./tool-groups";

/** One step to any tool: a row of the groups that stays at the top of the sidebar. */
export function ToolsNav() {
  const { open } = useSnapshot(toolGroups);
  return (
    <nav className="tools-nav" aria-label="Tool groups" data-testid="tools-nav" data-tutorial="tools-nav">
      {TOOL_GROUPS.map((g) => (
        <button
          key={g.id}
          type="button"
          className="tools-nav-item"
          aria-controls={`tools-group-${g.id}`}
          title={g.title}
          data-open={open[g.id]}
          onClick={() => showGroup(g.id, true)}
        >
          {g.nav}
        </button>
      ))}
    </nav>
  );
}

/** A group of tools that folds; folded, its tools are not drawn at all. */
export function ToolGroup({ id, children }: { id: ToolGroupId; children: ReactNode }) {
  const open = useSnapshot(toolGroups).open[id];
  const group = TOOL_GROUPS.find((g) => g.id === id)!;
  return (
    <details
      id={`tools-group-${id}`}
      className="tools-group"
      open={open}
      onToggle={(e) => setGroupOpen(id, e.currentTarget.open)}
      data-testid={`tools-group-${id}`}
    >
      <summary className="tools-group-head">{group.title}</summary>
      {open && <div className="tools-group-body">{children}</div>}
    </details>
  );
}
