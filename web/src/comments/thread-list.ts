// A file's comment threads as the panel and the cache hold them: the filters and their counts,
// and the list kept in step with a call's answer (a tab shows its own change at once, and skips
// the echo of it from the socket).
import type { CommentDto } from "../../../common/comments";

export const THREAD_FILTERS = ["open", "resolved", "mine"] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];

export const FILTER_LABELS: Record<ThreadFilter, string> = { open: "Open", resolved: "Resolved", mine: "Mine" };

/**
 * A thread is the user's when they started it or replied in it. Being mentioned is not writing:
 * threads that only mention them are what the top bar's @ lists.
 */
export function involves(thread: CommentDto, userId: string): boolean {
  return [thread, ...thread.replies].some((c) => c.author.id === userId);
}

export function filterThreads(threads: readonly CommentDto[], filter: ThreadFilter, userId: string): CommentDto[] {
  if (filter === "open") return threads.filter((t) => !t.resolved);
  if (filter === "resolved") return threads.filter((t) => t.resolved);
  return threads.filter((t) => involves(t, userId));
}

export function filterCounts(threads: readonly CommentDto[], userId: string): Record<ThreadFilter, number> {
  let open = 0;
  let mine = 0;
  for (const t of threads) {
    if (!t.resolved) open++;
    if (involves(t, userId)) mine++;
  }
  return { open, resolved: threads.length - open, mine };
}

/**
 * The list with a thread as a call answered it: in its place if it is there, else where its
 * time puts it (the server's next read puts it in text order, which time order nearly always is).
 */
export function withThread(threads: readonly CommentDto[], thread: CommentDto): CommentDto[] {
  const at = threads.findIndex((t) => t.id === thread.id);
  if (at >= 0) return threads.map((t, i) => (i === at ? thread : t));
  const next = threads.findIndex((t) => t.anchor.start_time > thread.anchor.start_time);
  return next < 0 ? [...threads, thread] : [...threads.slice(0, next), thread, ...threads.slice(next)];
}

/** The list without a deleted thread, or without a deleted reply in its thread. */
export function withoutComment(threads: readonly CommentDto[], id: string): CommentDto[] {
  return threads
    .filter((t) => t.id !== id)
    .map((t) => (t.replies.some((r) => r.id === id) ? { ...t, replies: t.replies.filter((r) => r.id !== id) } : t));
}
