import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { FolderIcon } from "../components/Icons";
import { Menu } from "../components/Menu";
import { TypeAhead } from "../components/menu-keys";
import { buildTree, COMMON_ID, treeFiles } from "../lib/library";
import { openDialog } from "./dialog-state";
import { useFilePrefetch } from "./file-prefetch";
import { prefetchFolderView } from "./lazy-views";
import { type TreeRow, treeKey } from "./tree-keys";
import { useWorkspaces } from "../api/workspaces";
import { moveTargets } from "./current-workspace";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useSelection } from "./useSelection";

const folderRow = (id: string) => `folder:${id}`;
const fileRow = (id: string) => `file:${id}`;
/** The row that opens the folder view of a folder with more files than the tree shows. */
const allRow = (id: string) => `all:${id}`;

/**
 * Folders with their files; one folder expanded at a time, Common by default. A tree view: one
 * row is in the Tab order (then its actions button); ↑ ↓ Home End → ← and type-ahead move, Enter opens.
 */
export function FolderTree({ folders, files, search }: { folders: FolderDto[]; files: AudioFileDto[]; search: string }) {
  const { fileId, folderId, selectFile, selectFolder } = useSelection();
  const [expanded, setExpanded] = useState<string | null>(COMMON_ID);
  const [activeRow, setActiveRow] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const typeAhead = useRef(new TypeAhead());
  const prefetch = useFilePrefetch();
  const selectedFile = files.find((f) => f.id === fileId);
  // A reader's rows have no actions: renaming, moving and deleting are writes.
  const { id: workspaceId, canEdit } = useCurrentWorkspace();
  const canMoveAway = moveTargets(useWorkspaces().data ?? [], workspaceId).length > 0;

  // Selecting a file (anywhere) expands its folder; selecting a folder expands it.
  const selectedId = selectedFile?.id;
  const selectedFolder = selectedFile ? (selectedFile.folderId ?? COMMON_ID) : null;
  useEffect(() => {
    if (selectedId && selectedFolder) setExpanded(selectedFolder);
  }, [selectedId, selectedFolder]);
  useEffect(() => {
    if (folderId) setExpanded(folderId);
  }, [folderId]);

  const tree = buildTree(folders, files, search);
  const searching = search.trim().length > 0;
  if (searching && tree.length === 0) return <p className="muted small tree-empty">No files or folders match “{search.trim()}”.</p>;

  const rows: TreeRow[] = [];
  for (const node of tree) {
    const isOpen = searching || expanded === node.id;
    rows.push({ id: folderRow(node.id), label: node.name, kind: "folder", parentId: null, expanded: isOpen });
    if (!isOpen) continue;
    const { shown, hidden } = treeFiles(node.files, fileId);
    for (const file of shown) rows.push({ id: fileRow(file.id), label: file.name, kind: "file", parentId: folderRow(node.id) });
    if (hidden > 0) rows.push({ id: allRow(node.id), label: "Show all files", kind: "file", parentId: folderRow(node.id) });
  }
  // The row in the Tab order: the one last focused, else the selection, else the first.
  const has = (id: string | null) => !!id && rows.some((r) => r.id === id);
  const tabRow = has(activeRow)
    ? activeRow
    : fileId && has(fileRow(fileId))
      ? fileRow(fileId)
      : folderId && has(folderRow(folderId))
        ? folderRow(folderId)
        : (rows[0]?.id ?? null);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const item = e.target as HTMLElement;
    // Keys on a row's buttons (its actions menu) are theirs.
    if (item.getAttribute("role") !== "treeitem" || !item.dataset.row) return;
    const action = treeKey(e, rows, item.dataset.row, typeAhead.current);
    if (!action) return;
    e.preventDefault();
    const [kind, id] = (Object.values(action)[0] as string).split(/:(.*)/s) as ["folder" | "file" | "all", string];
    if ("focus" in action) treeRef.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(action.focus)}"]`)?.focus();
    else if ("expand" in action) setExpanded(id);
    else if ("collapse" in action) setExpanded(null);
    else if (kind === "file") {
      const file = files.find((f) => f.id === id);
      if (file) prefetch.now(file);
      selectFile(id);
    } else if (kind === "all") selectFolder(id);
    else {
      selectFolder(id);
      setExpanded(id);
    }
  };

  return (
    <ul
      className="tree"
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the rows are list items; the tree role names the widget whose keys are handled here
      role="tree"
      aria-label="Folders and files"
      ref={treeRef}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const row = (e.target as HTMLElement).closest<HTMLElement>("[data-row]")?.dataset.row;
        if (row) setActiveRow(row);
      }}
    >
      {tree.flatMap((node, index) => {
        const isOpen = searching || expanded === node.id;
        const total = files.filter((f) => (f.folderId ?? COMMON_ID) === node.id).length;
        const row = folderRow(node.id);
        // A flat tree (aria-level): each row's name is just its own text, not its files' too.
        const items = [
          <li
            key={row}
            role="treeitem"
            aria-level={1}
            aria-setsize={tree.length}
            aria-posinset={index + 1}
            aria-label={`${node.name} ${total} ${total === 1 ? "file" : "files"}`}
            aria-expanded={isOpen}
            aria-selected={folderId === node.id}
            tabIndex={tabRow === row ? 0 : -1}
            data-row={row}
            // The folder view's code, read ahead as a folder is about to open.
            onPointerEnter={prefetchFolderView}
            onFocus={prefetchFolderView}
          >
            <div className={`tree-row tree-folder${folderId === node.id ? " is-selected" : ""}`}>
              <button
                type="button"
                className="tree-chevron"
                tabIndex={-1}
                aria-label={isOpen ? `Collapse ${node.name}` : `Expand ${node.name}`}
                onClick={() => setExpanded(isOpen ? null : node.id)}
              />
              <button
                type="button"
                className="tree-label"
                tabIndex={-1}
                onClick={() => {
                  selectFolder(node.id);
                  setExpanded(node.id);
                }}
              >
                <FolderIcon /> <span className="tree-name">{node.name}</span> <span className="tree-count">{total}</span>
              </button>
              {node.folder && canEdit && (
                <Menu
                  label={`Actions for folder ${node.name}`}
                  triggerTabIndex={tabRow === row ? 0 : -1}
                  items={[
                    { label: "Rename", onSelect: () => openDialog({ kind: "rename-folder", folder: node.folder! }) },
                    { label: "Delete", danger: true, onSelect: () => openDialog({ kind: "delete-folder", folder: node.folder! }) },
                  ]}
                />
              )}
            </div>
          </li>,
        ];
        if (!isOpen) return items;
        if (node.files.length === 0) {
          items.push(
            // biome-ignore lint/a11y/useFocusableInteractive: a note, not a row to move to (the arrows pass over it)
            <li
              key={`${row}:empty`}
              role="treeitem"
              aria-level={2}
              aria-disabled="true"
              aria-selected={false}
              className="muted small tree-empty tree-child"
            >
              No files
            </li>,
          );
        }
        const { shown, hidden } = treeFiles(node.files, fileId);
        const setSize = shown.length + (hidden > 0 ? 1 : 0);
        shown.forEach((file, fileIndex) => {
          const fRow = fileRow(file.id);
          items.push(
            <li
              key={fRow}
              role="treeitem"
              className="tree-child"
              aria-level={2}
              aria-setsize={setSize}
              aria-posinset={fileIndex + 1}
              aria-label={file.name}
              aria-selected={fileId === file.id}
              tabIndex={tabRow === fRow ? 0 : -1}
              data-row={fRow}
              {...prefetch.rowProps(file)}
            >
              <div className={`tree-row tree-file${fileId === file.id ? " is-selected" : ""}`}>
                <button
                  type="button"
                  className="tree-label"
                  tabIndex={-1}
                  onClick={() => {
                    // Started before the editor renders: the read is on its way as it mounts.
                    prefetch.now(file);
                    selectFile(file.id);
                  }}
                  title={file.name}
                >
                  <span className={`dot dot--${file.status}`} aria-hidden="true" />
                  <span className="tree-name">{file.name}</span>
                </button>
                {canEdit && (
                  <Menu
                    label={`Actions for ${file.name}`}
                    triggerTabIndex={tabRow === fRow ? 0 : -1}
                    items={[
                      { label: "Rename", onSelect: () => openDialog({ kind: "rename-file", file }) },
                      { label: "Move to…", onSelect: () => openDialog({ kind: "move-file", file }) },
                      ...(canMoveAway
                        ? [{ label: "Move to workspace…", onSelect: () => openDialog({ kind: "move-workspace", file }) }]
                        : []),
                      { label: "Delete", danger: true, onSelect: () => openDialog({ kind: "delete-file", file }) },
                    ]}
                  />
                )}
              </div>
            </li>,
          );
        });
        if (hidden > 0) {
          // A long folder shows its first files here; the folder view lists every one.
          const more = allRow(node.id);
          items.push(
            <li
              key={more}
              role="treeitem"
              className="tree-child"
              aria-level={2}
              aria-setsize={setSize}
              aria-posinset={setSize}
              aria-selected={false}
              tabIndex={tabRow === more ? 0 : -1}
              data-row={more}
            >
              <div className="tree-row tree-file">
                <button type="button" className="tree-label" tabIndex={-1} onClick={() => selectFolder(node.id)}>
                  <span className="tree-name muted">Show all {total} files…</span>
                </button>
              </div>
            </li>,
          );
        }
        return items;
      })}
    </ul>
  );
}
