import { QueryClient } from "@tanstack/react-query";
import { type Random, withJitter } from "../lib/backoff";

/** Before retry `failures + 1` of a read: about 1 s, 2 s, 4 s… at most 30 s, with jitter. */
export function queryRetryDelay(failures: number, random: Random = Math.random): number {
  return withJitter(Math.min(30_000, 1000 * 2 ** failures), random);
}

/**
 * The workspace's data cache. It lives in the workspace's own download (the
 * sign-in pages never load a query library) and is emptied when another user
 * signs in on this tab.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, retryDelay: (failures) => queryRetryDelay(failures), refetchOnWindowFocus: false } },
});

let cachedFor: string | null = null;

export function queryClientFor(userId: string | null): QueryClient {
  if (userId !== cachedFor) {
    queryClient.clear();
    cachedFor = userId;
  }
  return queryClient;
}
