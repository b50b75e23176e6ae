// The Tools sidebar's groups: which are open is this browser's choice (localStorage), and a
// tool asked for elsewhere (a comment started in the text, a thread's link) opens its group.
import { proxy, subscribe } from "valtio";

export const TOOL_GROUPS = [
  { id: "overview", nav: "Overview", title: "Summary, notes and speakers" },
  { id: "comments", nav: "Comments", title: "Comments and highlights" },
  { id: "chapters", nav: "Chapters", title: "Chapters" },
  { id: "ask", nav: "Ask", title: "Ask" },
  { id: "export", nav: "Export", title: "Share, translate and export" },
] as const;

export type ToolGroupId = (typeof TOOL_GROUPS)[number]["id"];

const KEY = "tool-groups";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Every group open until the person folds one: a first visit sees every tool. */
function saved(): Record<ToolGroupId, boolean> {
  const open = Object.fromEntries(TOOL_GROUPS.map((g) => [g.id, true])) as Record<ToolGroupId, boolean>;
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? "{}") as Partial<Record<string, unknown>>;
    for (const g of TOOL_GROUPS) if (typeof stored[g.id] === "boolean") open[g.id] = stored[g.id] as boolean;
  } catch {
    // A damaged entry: the defaults.
  }
  return open;
}

export const toolGroups = proxy({ open: saved() });

subscribe(toolGroups, () => {
  try {
    storage()?.setItem(KEY, JSON.stringify(toolGroups.open));
  } catch {
    // Storage full or refused: the choice lasts this page.
  }
});

export function setGroupOpen(id: ToolGroupId, open: boolean): void {
  if (toolGroups.open[id] !== open) toolGroups.open[id] = open;
}

/** Opens the group and brings it to the top of the sidebar (after it has drawn open). */
export function showGroup(id: ToolGroupId, focus = false): void {
  setGroupOpen(id, true);
  requestAnimationFrame(() => {
    const group = document.getElementById(`tools-group-${id}`);
    const scroller = group?.closest<HTMLElement>(".sidebar-scroll");
    if (!group || !scroller) return;
    const nav = scroller.querySelector<HTMLElement>(".tools-nav");
    // Only the sidebar's own list scrolls, never the page.
    scroller.scrollTop += group.getBoundingClientRect().top - scroller.getBoundingClientRect().top - (nav?.offsetHeight ?? 0);
    if (focus) group.querySelector<HTMLElement>("summary")?.focus({ preventScroll: true });
  });
}
