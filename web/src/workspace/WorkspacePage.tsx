import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import { useAudioFiles, useFolders, useServiceConfiguration } from "../api/library";
import { authState } from "../auth/store";
import { Splash } from "../components/Splash";
import { COMMON_ID } from "../lib/library";
import { whenIdle } from "../lib/idle";
import { toast } from "../lib/toasts";
import { useLiveChannel } from "../live/useLiveChannel";
import { dialogState } from "./dialog-state";
import { FilesSidebar } from "./FilesSidebar";
import { FileView, FolderView, prefetchFileParts, prefetchFolderView } from "./lazy-views";
import { lazyNamed } from "../lib/lazy-chunk";
import type { AudioFileDto, FolderDto } from "../../../common/library";
import { NoServiceNotice } from "./NoServiceNotice";
import { ToolsSidebar } from "./ToolsSidebar";
import { TopBar } from "./TopBar";
import { loadUiPreferences, uiState } from "./ui-state";
import { useSelection } from "./useSelection";
import { queryClientFor } from "./query-client";
import { TutorialLayer } from "../tutorials/TutorialLayer";
import { tutorials } from "../tutorials/tutorials";
import { invitationPath, pendingInvitation } from "../teams/pending-invitation";
import { useCurrentWorkspace } from "./useCurrentWorkspace";
import { useWorkspaceAddress } from "./useWorkspaceAddress";

// The dialogs (and the modal they share) download when one first opens: rarely needed, never at first.
const Dialogs = lazyNamed(() => import("./Dialogs"), "Dialogs");

export function WorkspacePage() {
  const { user } = useSnapshot(authState);
  return (
    <QueryClientProvider client={queryClientFor(user?.id ?? null)}>
      <Workspace />
    </QueryClientProvider>
  );
}

function Workspace() {
  const { user } = useSnapshot(authState);
  const ui = useSnapshot(uiState);
  const current = useCurrentWorkspace();
  const folders = useFolders(current.id);
  const files = useAudioFiles(current.id);
  const config = useServiceConfiguration();
  const { fileId, folderId } = useSelection();
  const lookingForFile = useWorkspaceAddress(current, fileId, !!files.data?.some((f) => f.id === fileId), files.isSuccess);
  const liveStatus = useLiveChannel();
  const navigate = useNavigate();

  // An invitation opened before signing in (and signing up) is accepted now.
  useEffect(() => {
    const token = pendingInvitation.take();
    if (token) navigate(invitationPath(token), { replace: true });
  }, [navigate]);
  // A file's or folder's address: its view downloads while the library loads, not after.
  if (fileId) prefetchFileParts();
  if (folderId) prefetchFolderView();
  // A library with files: the file view's code downloads once the dashboard is idle, after it is
  // interactive, so a person's first file of a visit opens without waiting for it (decision 030).
  const hasFiles = !!files.data?.length;
  useEffect(() => (hasFiles ? whenIdle(prefetchFileParts) : undefined), [hasFiles]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load again when another user signs in
  useEffect(() => {
    // The live proxy, not the read-only snapshot.
    if (authState.user) loadUiPreferences(authState.user.id, authState.user.preferences);
  }, [user?.id]);
  useEffect(() => {
    if (config.isError) toast("Failed to load service configuration", "error");
  }, [config.isError]);
  // Navigating closes the mobile overlays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    uiState.mobileFilesOpen = false;
    uiState.mobileToolsOpen = false;
  }, [fileId, folderId]);

  // docs/product.md#tutorials-and-shortcuts: the empty-dashboard tutorial, 1 s after a dashboard with no files.
  // Not for a reader: its steps point at the upload area and the new-folder button, which they do not have.
  const noFiles = files.isSuccess && files.data.length === 0 && !fileId && !folderId && current.canEdit;
  useEffect(() => {
    if (noFiles) tutorials.noFiles();
    return () => tutorials.cancelPending();
  }, [noFiles]);

  // The first load shows the splash; another workspace's lists load inside the page.
  const loading = folders.isPending || files.isPending;
  const firstLoad = useRef(true);
  if (!loading) firstLoad.current = false;
  if (loading && firstLoad.current) return <Splash />;
  const folderList = folders.data ?? [];
  const fileList = files.data ?? [];
  const selectedFile = fileId ? (fileList.find((f) => f.id === fileId) ?? null) : null;
  const selectedFolder = folderId && folderId !== COMMON_ID ? folderList.find((f) => f.id === folderId) : undefined;

  let centre: ReactNode;
  if (loading || lookingForFile) {
    centre = <ViewLoading />;
  } else if (fileId) {
    // Keyed by the file: opening another file builds its view anew, so nothing of the last one (its player) stays.
    centre = selectedFile ? <FileView key={selectedFile.id} file={selectedFile} /> : <NotFound what="file" />;
  } else if (folderId === COMMON_ID) {
    centre = <FolderView name="Common" createdAt={null} folderId={null} files={fileList} />;
  } else if (folderId) {
    centre = selectedFolder ? (
      <FolderView name={selectedFolder.name} createdAt={selectedFolder.createdAt} folderId={selectedFolder.id} files={fileList} />
    ) : (
      <NotFound what="folder" />
    );
  } else {
    centre = <Welcome name={user?.full_name ?? ""} hasFiles={fileList.length > 0} canUpload={current.canEdit} />;
  }

  return (
    <div className={`workspace${ui.filesCollapsed ? " files-collapsed" : ""}${ui.toolsCollapsed ? " tools-collapsed" : ""}`}>
      <TopBar liveStatus={liveStatus} />
      <div className="workspace-body">
        <FilesSidebar folders={folderList} files={fileList} loading={loading} />
        <main className="workspace-main">
          <Suspense fallback={<ViewLoading />}>{centre}</Suspense>
        </main>
        <ToolsSidebar file={selectedFile} />
      </div>
      <DialogHost folders={folderList} files={fileList} />
      <TutorialLayer />
    </div>
  );
}

function DialogHost(props: { folders: FolderDto[]; files: AudioFileDto[] }) {
  const { open } = useSnapshot(dialogState);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs {...props} />
    </Suspense>
  );
}

function Welcome({ name, hasFiles, canUpload }: { name: string; hasFiles: boolean; canUpload: boolean }) {
  return (
    <section className="welcome" data-testid="empty-dashboard">
      <h1>{hasFiles ? `Welcome back, ${name}!` : `Welcome, ${name}!`}</h1>
      <p className="muted">
        {hasFiles
          ? "Select a file or folder on the left to open it."
          : !canUpload
            ? "This workspace has no files yet."
            : "Upload an audio or video file with the upload area on the left to get a transcript with speakers and word timings. Create folders to keep your recordings organised."}
      </p>
      {!hasFiles && canUpload && <NoServiceNotice />}
    </section>
  );
}

function ViewLoading() {
  return (
    <div className="view-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

function NotFound({ what }: { what: "file" | "folder" }) {
  return (
    <div className="empty-state">
      <h2>{what === "file" ? "File not found" : "Folder not found"}</h2>
      <p className="muted">It may have been deleted. Pick another one on the left.</p>
    </div>
  );
}
