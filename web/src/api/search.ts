import { useInfiniteQuery } from "@tanstack/react-query";
import { api, call } from "./client";

const PAGE = 30;

/** Pages of GET /search for a query in one workspace; edits elsewhere make it stale quickly. */
export function useLibrarySearch(q: string, enabled: boolean, workspaceId: string) {
  return useInfiniteQuery({
    queryKey: ["search", workspaceId, q] as const,
    enabled,
    staleTime: 10_000,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(
        api.search.$get({ query: { q, workspace_id: workspaceId, limit: String(PAGE), ...(pageParam ? { cursor: pageParam } : {}) } }),
        "Search failed",
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
