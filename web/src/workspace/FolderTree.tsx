import { useEffect, useState } from "react";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { FolderIcon } from "../components/Icons";
import { Menu } from "../components/Menu";
import { buildTree, COMMON_ID, treeFiles } from "../lib/library";
import { openDialog } from "./dialog-state";
import { useSelection } from "./useSelection";

/** Folders with their files; one folder expanded at a time, Common by default. */
export function FolderTree({ folders, files, search }: { folders: FolderDto[]; files: AudioFileDto[]; search: string }) {
  const { fileId, folderId, selectFile, selectFolder } = useSelection();
  const [expanded, setExpanded] = useState<string | null>(COMMON_ID);
  const selectedFile = files.find((f) => f.id === fileId);

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

  // The tree roles name the structure for assistive technology; focus goes to each row's buttons
  // (arrow-key tree navigation is not built yet), so the rules asking for focusable tree items are waived here.
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: see above
    <ul className="tree" role="tree" aria-label="Folders and files">
      {tree.map((node) => {
        const isOpen = searching || expanded === node.id;
        const total = files.filter((f) => (f.folderId ?? COMMON_ID) === node.id).length;
        const { shown, hidden } = treeFiles(node.files, fileId);
        return (
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          <li key={node.id} role="treeitem" aria-expanded={isOpen} aria-selected={folderId === node.id}>
            <div className={`tree-row tree-folder${folderId === node.id ? " is-selected" : ""}`}>
              <button
                type="button"
                className="tree-chevron"
                aria-label={isOpen ? `Collapse ${node.name}` : `Expand ${node.name}`}
                onClick={() => setExpanded(isOpen ? null : node.id)}
              >
                {isOpen ? "▾" : "▸"}
              </button>
              <button
                type="button"
                className="tree-label"
                onClick={() => {
                  selectFolder(node.id);
                  setExpanded(node.id);
                }}
              >
                <FolderIcon /> <span className="tree-name">{node.name}</span>
                <span className="tree-count">{total}</span>
              </button>
              {node.folder && (
                <Menu
                  label={`Actions for folder ${node.name}`}
                  items={[
                    { label: "Rename", onSelect: () => openDialog({ kind: "rename-folder", folder: node.folder! }) },
                    { label: "Delete", danger: true, onSelect: () => openDialog({ kind: "delete-folder", folder: node.folder! }) },
                  ]}
                />
              )}
            </div>
            {isOpen && (
              <ul role="group" className="tree-files">
                {node.files.length === 0 && (
                  // biome-ignore lint/a11y/useFocusableInteractive: see above
                  <li role="treeitem" aria-disabled="true" aria-selected={false} className="muted small tree-empty">
                    No files
                  </li>
                )}
                {shown.map((file) => (
                  // biome-ignore lint/a11y/useFocusableInteractive: see above
                  <li key={file.id} role="treeitem" aria-selected={fileId === file.id}>
                    <div className={`tree-row tree-file${fileId === file.id ? " is-selected" : ""}`}>
                      <button type="button" className="tree-label" onClick={() => selectFile(file.id)} title={file.name}>
                        <span className={`dot dot--${file.status}`} aria-hidden="true" />
                        <span className="tree-name">{file.name}</span>
                      </button>
                      <Menu
                        label={`Actions for ${file.name}`}
                        items={[
                          { label: "Rename", onSelect: () => openDialog({ kind: "rename-file", file }) },
                          { label: "Move to…", onSelect: () => openDialog({ kind: "move-file", file }) },
                          { label: "Delete", danger: true, onSelect: () => openDialog({ kind: "delete-file", file }) },
                        ]}
                      />
                    </div>
                  </li>
                ))}
                {hidden > 0 && (
                  // A long folder shows its first files here; the folder view lists every one.
                  // biome-ignore lint/a11y/useFocusableInteractive: see above
                  <li role="treeitem" aria-selected={false}>
                    <div className="tree-row tree-file">
                      <button type="button" className="tree-label" onClick={() => selectFolder(node.id)}>
                        <span className="tree-name muted">Show all {total} files…</span>
                      </button>
                    </div>
                  </li>
                )}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
