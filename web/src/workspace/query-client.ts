import { QueryClient } from "@tanstack/react-query";

/**
 * The workspace's data cache. It lives in the workspace's own download (the
 * sign-in pages never load a query library) and is emptied when another user
 * signs in on this tab.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

let cachedFor: string | null = null;

export function queryClientFor(userId: string | null): QueryClient {
  if (userId !== cachedFor) {
    queryClient.clear();
    cachedFor = userId;
  }
  return queryClient;
}
