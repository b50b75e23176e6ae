import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";

/** Selection lives in the URL: a file or a folder, never both. */
export function useSelection() {
  const { fileId = null, folderId = null } = useParams();
  const navigate = useNavigate();
  const selectFile = useCallback((id: string) => navigate(`/dashboard/file/${id}`), [navigate]);
  const selectFolder = useCallback((id: string) => navigate(`/dashboard/folder/${id}`), [navigate]);
  const clear = useCallback(() => navigate("/dashboard"), [navigate]);
  return { fileId, folderId, selectFile, selectFolder, clear };
}
