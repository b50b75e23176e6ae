// The Comments panel's filters and counts, the cache kept in step with answers, the words a
// selection covers, and relative times.
import { describe, expect, it } from "vitest";
import type { CommentDto } from "../../common/comments";
import { filterCounts, filterThreads, withoutComment, withThread } from "../../web/src/comments/thread-list";
import { wordSpanAt } from "../../web/src/comments/word-span";
import { formatRelative } from "../../web/src/lib/dates";

const ada = { id: "ada", full_name: "Ada" };
const ben = { id: "ben", full_name: "Ben" };

function thread(id: string, start: number, extra: Partial<CommentDto> = {}): CommentDto {
  return {
    id,
    body: "x",
    author: ada,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    resolved: false,
    resolved_by: null,
    resolved_at: null,
    mentions: [],
    anchor: { start_word_id: "w", end_word_id: "w", start_time: start, end_time: start + 1, text: "", removed: false },
    replies: [],
    ...extra,
  };
}

const reply = (id: string, author = ben) => ({ id, body: "r", author, created_at: "", updated_at: "", mentions: [] });

describe("thread filters", () => {
  const list = [
    thread("mine-open", 1),
    thread("bens-resolved", 2, { author: ben, resolved: true }),
    thread("bens-mentions-ada", 3, { author: ben, mentions: [ada] }),
    thread("bens-ada-replied", 4, { author: ben, replies: [reply("r1", ada)] }),
    thread("bens-alone", 5, { author: ben }),
  ];

  it("shows open, resolved, or the user's own (started or replied in, not only mentioned in), with counts", () => {
    expect(filterThreads(list, "open", "ada").map((t) => t.id)).toEqual([
      "mine-open",
      "bens-mentions-ada",
      "bens-ada-replied",
      "bens-alone",
    ]);
    expect(filterThreads(list, "resolved", "ada").map((t) => t.id)).toEqual(["bens-resolved"]);
    expect(filterThreads(list, "mine", "ada").map((t) => t.id)).toEqual(["mine-open", "bens-ada-replied"]);
    expect(filterCounts(list, "ada")).toEqual({ open: 4, resolved: 1, mine: 2 });
    expect(filterCounts(list, "ben")).toEqual({ open: 4, resolved: 1, mine: 4 });
  });

  it("puts an answered thread in its place, a new one in time order; drops a deleted thread or reply", () => {
    const changed = thread("bens-alone", 5, { resolved: true });
    expect(withThread(list, changed).map((t) => t.resolved)).toEqual([false, true, false, false, true]);
    expect(withThread(list, thread("new", 2.5)).map((t) => t.id)).toEqual([
      "mine-open",
      "bens-resolved",
      "new",
      "bens-mentions-ada",
      "bens-ada-replied",
      "bens-alone",
    ]);
    expect(withThread(list, thread("last", 9)).at(-1)?.id).toBe("last");
    expect(withoutComment(list, "mine-open").map((t) => t.id)).not.toContain("mine-open");
    expect(withoutComment(list, "r1").find((t) => t.id === "bens-ada-replied")?.replies).toEqual([]);
  });
});

describe("wordSpanAt", () => {
  const text = "so the budget";
  it("covers the words a selection touches, from the first to the last", () => {
    expect(wordSpanAt(text, 0, 2)).toEqual({ first: 0, last: 0 });
    expect(wordSpanAt(text, 1, 5)).toEqual({ first: 0, last: 1 });
    // From the space before a word to the space after one: just those words.
    expect(wordSpanAt(text, 2, 7)).toEqual({ first: 1, last: 1 });
    expect(wordSpanAt(text, 0, text.length)).toEqual({ first: 0, last: 2 });
    expect(wordSpanAt(text, 2, 3)).toBeNull();
  });

  it("takes the word at a caret: inside it, just after it, or at its first letter", () => {
    expect(wordSpanAt(text, 8, 8)).toEqual({ first: 2, last: 2 });
    expect(wordSpanAt(text, 6, 6)).toEqual({ first: 1, last: 1 });
    expect(wordSpanAt(text, 7, 7)).toEqual({ first: 2, last: 2 });
    expect(wordSpanAt(text, 0, 0)).toEqual({ first: 0, last: 0 });
    expect(wordSpanAt("", 0, 0)).toBeNull();
  });
});

describe("formatRelative", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  it("says how long ago", () => {
    expect(formatRelative("2026-03-10T11:59:40Z", now)).toBe("just now");
    expect(formatRelative("2026-03-10T11:55:00Z", now)).toMatch(/5 minutes ago/);
    expect(formatRelative("2026-03-10T09:00:00Z", now)).toMatch(/3 hours ago/);
    expect(formatRelative("nonsense", now)).toBe("—");
  });
});
