import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import { useCurrentWorkspace } from "./useCurrentWorkspace";

/** Selection lives in the URL: a file or a folder, never both, in the workspace the address names. */
export function useSelection() {
  const { fileId = null, folderId = null } = useParams();
  const navigate = useNavigate();
  const { pathIn } = useCurrentWorkspace();
  const selectFile = useCallback((id: string) => navigate(pathIn(`/dashboard/file/${id}`)), [navigate, pathIn]);
  const selectFolder = useCallback((id: string) => navigate(pathIn(`/dashboard/folder/${id}`)), [navigate, pathIn]);
  const clear = useCallback(() => navigate(pathIn("/dashboard")), [navigate, pathIn]);
  return { fileId, folderId, selectFile, selectFolder, clear };
}
