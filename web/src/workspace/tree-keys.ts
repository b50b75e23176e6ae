// Keys of the folder tree (the ARIA tree view pattern), as plain logic over its visible rows.
import type { TypeAhead } from "../components/menu-keys";

export interface TreeRow {
  id: string;
  label: string;
  /** A folder's files are its children; a file has its folder as parent. */
  kind: "folder" | "file";
  parentId: string | null;
  /** For folders: whether its files are shown. */
  expanded?: boolean;
}

export type TreeAction =
  | { focus: string }
  | { expand: string }
  | { collapse: string }
  /** Enter or Space: what a click on the row's name does. */
  | { activate: string }
  | null;

/**
 * What `key` does on row `currentId` among the visible `rows` (in order): ↓ ↑ move, Home End go to the
 * ends, → expands a folder or enters it, ← collapses a folder or goes to a file's folder, Enter and
 * Space activate, a letter moves to the next row starting with it. Null: not the tree's key.
 */
export function treeKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shiftKey?: boolean },
  rows: readonly TreeRow[],
  currentId: string,
  typeAhead?: TypeAhead,
): TreeAction {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const index = rows.findIndex((r) => r.id === currentId);
  const row = rows[index];
  if (!row) return rows[0] ? { focus: rows[0].id } : null;
  switch (event.key) {
    case "ArrowDown":
      return index < rows.length - 1 ? { focus: rows[index + 1]!.id } : { focus: row.id };
    case "ArrowUp":
      return index > 0 ? { focus: rows[index - 1]!.id } : { focus: row.id };
    case "Home":
      return { focus: rows[0]!.id };
    case "End":
      return { focus: rows.at(-1)!.id };
    case "ArrowRight":
      if (row.kind !== "folder") return { focus: row.id };
      if (!row.expanded) return { expand: row.id };
      return rows[index + 1]?.parentId === row.id ? { focus: rows[index + 1]!.id } : { focus: row.id };
    case "ArrowLeft":
      if (row.kind === "folder") return row.expanded ? { collapse: row.id } : { focus: row.id };
      return row.parentId ? { focus: row.parentId } : { focus: row.id };
    case "Enter":
    case " ":
      return { activate: row.id };
  }
  if (typeAhead && event.key.length === 1) {
    const found = typeAhead.find(
      event.key,
      index,
      rows.map((r) => r.label),
    );
    return found < 0 ? null : { focus: rows[found]!.id };
  }
  return null;
}
