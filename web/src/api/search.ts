import { useInfiniteQuery } from "@tanstack/react-query";
import { api, call } from "./client";

const PAGE = 30;

/** Pages of GET /search for a query; edits elsewhere make it stale quickly. */
export function useLibrarySearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ["search", q] as const,
    enabled,
    staleTime: 10_000,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(api.search.$get({ query: { q, limit: String(PAGE), ...(pageParam ? { cursor: pageParam } : {}) } }), "Search failed"),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
