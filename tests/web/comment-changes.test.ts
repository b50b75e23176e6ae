// A pushed comments change: the file's threads are read again unless this tab made the change
// (its answer is cached already); the mentions count is read again either way.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { commentKeys } from "../../web/src/comments/comments-api";
import { commentChangeHandler } from "../../web/src/live/comment-changes";

function cache() {
  const queryClient = new QueryClient();
  for (const key of [commentKeys.file("f1"), commentKeys.file("f2"), commentKeys.mentions]) queryClient.setQueryData(key, []);
  const stale = () =>
    [commentKeys.file("f1"), commentKeys.file("f2"), commentKeys.mentions].map((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { handle: commentChangeHandler(queryClient, "this-tab"), stale };
}

describe("comments_changed", () => {
  it("reads the named file's threads and the mentions again", () => {
    const { handle, stale } = cache();
    handle({ type: "comments_changed", file_id: "f1", comment_ids: ["c1"], client_id: "other-tab" });
    expect(stale()).toEqual([true, false, true]);
  });

  it("skips the echo of this tab's own change, but not the mentions", () => {
    const { handle, stale } = cache();
    handle({ type: "comments_changed", file_id: "f1", comment_ids: ["c1"], client_id: "this-tab" });
    expect(stale()).toEqual([false, false, true]);
  });
});
