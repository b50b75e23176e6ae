import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useSnapshot } from "valtio";
import { api, call, TAB_ID } from "../api/client";
import { keys, putFileInCache, updateCachedFile } from "../api/library";
import { transcriptKeys } from "../api/transcripts";
import { authState } from "../auth/store";
import { exportApi, saveFile } from "../api/exports";
import { toast } from "../lib/toasts";
import { finishedTitle } from "../lib/finished-title";
import { exportCompleted } from "../tools/export-events";
import { applyFileStatusChanged, type FileEventEffects } from "./file-events";
import { cableUrl, LiveChannel, type LiveStatus } from "./live-channel";
import { fileChangeHandlers } from "./file-changes";
import { useCurrentWorkspace } from "../workspace/useCurrentWorkspace";
import { opensWhenReady } from "../workspace/current-workspace";
import type { AudioFileDto } from "../../../common/library";

/**
 * One live connection per signed-in user while the workspace is mounted;
 * closed on sign-out (the token goes away) and on unmount.
 */
export function useLiveChannel(): LiveStatus {
  const { token } = useSnapshot(authState);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { fileId = null } = useParams();
  const { id: workspaceId, pathIn } = useCurrentWorkspace();
  const latest = useRef({ fileId, navigate, pathIn, workspaceId });
  latest.current = { fileId, navigate, pathIn, workspaceId };
  const [status, setStatus] = useState<LiveStatus>("closed");

  useEffect(() => {
    if (!token) return;
    // Every workspace's list: the one shown reads again, the others when next shown.
    const refreshFiles = () => void queryClient.invalidateQueries({ queryKey: keys.allFiles });
    const { catchUp, ...fileChanges } = fileChangeHandlers(queryClient);
    const effects: FileEventEffects = {
      toast,
      patchFile: (id, patch) =>
        updateCachedFile(queryClient, id, (f) => ({
          ...f,
          ...patch,
          processingEstimation: patch.status === "processing" ? f.processingEstimation : null,
        })),
      refreshFiles,
      replaceFile: (file) => putFileInCache(queryClient, file, true),
      reloadTranscript: (id) => catchUp(id),
      selectFile: (id) => {
        const { workspaceId: shown, navigate: go, pathIn: path } = latest.current;
        const file = queryClient.getQueryData<AudioFileDto[]>(keys.files(shown))?.find((f) => f.id === id);
        if (opensWhenReady(file, shown, authState.user?.id ?? "")) void go(path(`/dashboard/file/${id}`));
      },
      selectedFileId: () => latest.current.fileId,
      currentUserId: () => authState.user?.id ?? null,
    };
    const channel = new LiveChannel({
      // A fresh ticket for every attempt (an ended session gets 401 here, which signs the tab out).
      url: async () => cableUrl(location.origin, (await call(api.cable.ticket.$post())).ticket),
      onStatus: setStatus,
      onConnected: ({ reconnected }) => {
        // Whatever was pushed while we were away is gone: ask again. On the first connect that is
        // what came between the page's own reads and the socket (e.g. a summary just written).
        refreshFiles();
        const open = latest.current.fileId;
        // Comments and mentions said while away were not heard either.
        if (reconnected) catchUp(open, true);
        else if (open) void queryClient.invalidateQueries({ queryKey: transcriptKeys.transcript(open) });
      },
      onFileStatusChanged: (event) => {
        applyFileStatusChanged(event, effects);
        if (event.file.status !== "processing") finishedTitle().finished();
      },
      ...fileChanges,
      // A member (or another tab) changed a workspace's files or folders: that workspace's lists are read again.
      onLibraryChanged: (event) => {
        if (event.client_id === TAB_ID) return;
        void queryClient.invalidateQueries({ queryKey: keys.files(event.workspace_id) });
        void queryClient.invalidateQueries({ queryKey: keys.folders(event.workspace_id) });
      },
      // A toast that stays until closed; its button asks for a fresh (short-lived) link. Not for an
      // export this tab's button downloads (or downloaded): that would invite a second download.
      onExportCompleted: (event) => {
        if (exportCompleted(event.export.id)) return;
        toast(event.message, "success", {
          duration: null,
          filename: event.export.filename,
          download: async () => {
            try {
              const { download_url, filename } = await exportApi.download(event.export.id);
              saveFile(download_url, filename);
            } catch (error) {
              console.error("Export download failed", error);
            }
          },
        });
      },
    });
    channel.start();
    return () => {
      channel.stop();
      setStatus("closed");
    };
  }, [token, queryClient]);

  return status;
}
