import { useState } from "react";
import { useSnapshot } from "valtio";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { AskLibraryDialog } from "../ask/AskLibraryDialog";
import { ASK_TEXTS } from "../ask/ask-texts";
import { COMMON_ID, folderName } from "../lib/library";
import { MOBILE_LAYOUT, useMediaQuery } from "../lib/useMediaQuery";
import { CollapsedSidebar } from "./CollapsedSidebar";
import { openDialog } from "./dialog-state";
import { FolderTree } from "./FolderTree";
import { LibrarySearch } from "./LibrarySearch";
import { toggleFilesSidebar, uiState } from "./ui-state";
import { UploadArea } from "./UploadArea";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useSelection } from "./useSelection";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";

export function FilesSidebar({ folders, files, loading = false }: { folders: FolderDto[]; files: AudioFileDto[]; loading?: boolean }) {
  const ui = useSnapshot(uiState);
  const { id, canEdit } = useCurrentWorkspace();
  const { fileId, folderId } = useSelection();
  const [search, setSearch] = useState("");
  const [asking, setAsking] = useState(false);
  // Off screen on a phone until opened: out of the Tab order and of screen readers too.
  const offScreen = useMediaQuery(MOBILE_LAYOUT) && !ui.mobileFilesOpen;
  // Uploads go to the selected folder, or the selected file's folder, else Common.
  const selectedFile = files.find((f) => f.id === fileId);
  const target = folderId && folderId !== COMMON_ID ? folderId : folderId === COMMON_ID ? null : (selectedFile?.folderId ?? null);

  if (ui.filesCollapsed) {
    return (
      <CollapsedSidebar
        side="files"
        label="Files"
        mobileOpen={ui.mobileFilesOpen}
        expandLabel="Expand files sidebar"
        arrow="»"
        onExpand={toggleFilesSidebar}
      />
    );
  }

  return (
    <aside className={`sidebar sidebar--files${ui.mobileFilesOpen ? " is-mobile-open" : ""}`} aria-label="Files" inert={offScreen}>
      <WorkspaceSwitcher />
      <div className="sidebar-head">
        <h2>Files</h2>
        <div className="sidebar-head-actions">
          {canEdit && (
            <button
              data-tutorial="new-folder"
              type="button"
              className="button button--small"
              onClick={() => openDialog({ kind: "new-folder" })}
            >
              + Folder
            </button>
          )}
          <button type="button" className="icon-button desktop-only" aria-label="Collapse files sidebar" onClick={toggleFilesSidebar}>
            «
          </button>
        </div>
      </div>
      <LibrarySearch value={search} onChange={setSearch} />
      <button type="button" className="link-button small ask-library-button" onClick={() => setAsking(true)}>
        {ASK_TEXTS.libraryButton}
      </button>
      {asking && <AskLibraryDialog files={files} onClose={() => setAsking(false)} />}
      <div className="sidebar-scroll">
        {loading ? (
          <p className="muted small" role="status">
            Loading files…
          </p>
        ) : (
          <FolderTree folders={folders} files={files} search={search} />
        )}
      </div>
      <UploadArea workspaceId={id} folderId={target} folderLabel={folderName(folders, target)} canUpload={canEdit} />
      {!loading && (
        <footer className="sidebar-foot muted small" data-testid="sidebar-counts">
          {files.length} {files.length === 1 ? "file" : "files"} · {folders.length + 1} {folders.length + 1 === 1 ? "folder" : "folders"}
        </footer>
      )}
    </aside>
  );
}
