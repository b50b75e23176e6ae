import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { fileApi, keys, workspaceOf } from "../api/library";
import { toast } from "../lib/toasts";
import type { CurrentWorkspace } from "./useCurrentWorkspace";

/**
 * Keeps the address true to what is shown. A workspace the user is not (or no longer) a member
 * of falls back to the personal one, said once in a toast. A file's page shows the file's own
 * workspace: a link without the parameter (or with another) is corrected once the file is found.
 * Answers whether the open file is still being looked for elsewhere.
 */
export function useWorkspaceAddress(current: CurrentWorkspace, fileId: string | null, listed: boolean, listLoaded: boolean): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const { id, unknown, pathIn } = current;
  useEffect(() => {
    if (!unknown) return;
    toast("That workspace is not available to you: showing your personal workspace", "error");
    navigate("/dashboard", { replace: true });
  }, [unknown, navigate]);

  const lookUp = !!fileId && listLoaded && !listed;
  const found = useQuery({
    queryKey: [...keys.file(fileId ?? ""), "workspace"],
    queryFn: () => fileApi.get(fileId ?? ""),
    enabled: lookUp,
    retry: false,
    // Asked afresh every time: a file can move between workspaces.
    gcTime: 0,
  });
  const home = lookUp && found.isSuccess && !found.isFetching ? workspaceOf(found.data) : null;
  const here = location.pathname + location.search;
  useEffect(() => {
    if (home && home !== id) navigate(pathIn(here, home), { replace: true });
  }, [home, id, pathIn, here, navigate]);
  return lookUp && (found.isPending || found.isFetching || (!!home && home !== id));
}
