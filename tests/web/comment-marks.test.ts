// Where threads sit in the editor's document: the words underlined per utterance, the markers,
// and only the rows whose marks changed drawn again.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommentDto } from "../../common/comments";
import { allMarkedWords, changedMarks, commentMarks, type MarkedUtterance } from "../../web/src/comments/comment-marks";

const utterance = (id: string, words: string[]): MarkedUtterance => ({
  id,
  transcriptWords: words.map((text, i) => ({ id: `${id}.${i}`, text })),
});

const doc = [utterance("a", ["so", "the", "budget"]), utterance("b", ["looks", "fine", "to", "me"]), utterance("c", ["yes"])];

function thread(id: string, start: string, end: string, extra: Partial<CommentDto> = {}): CommentDto {
  const person = { id: "u1", full_name: "Ada" };
  return {
    id,
    body: "x",
    author: person,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    resolved: false,
    resolved_by: null,
    resolved_at: null,
    mentions: [],
    anchor: { start_word_id: start, end_word_id: end, start_time: 0, end_time: 1, text: "", removed: false },
    replies: [],
    ...extra,
  };
}

const sorted = (set: Set<string> | undefined) => [...(set ?? [])].sort();

describe("commentMarks", () => {
  it("underlines the words from the first to the last, across utterances, and marks the utterance where each starts", () => {
    const marks = commentMarks(doc, [thread("t1", "a.1", "b.1"), thread("t2", "b.2", "b.3"), thread("t3", "b.0", "b.0")]);
    expect(sorted(marks.words.get("a"))).toEqual(["a.1", "a.2"]);
    expect(sorted(marks.words.get("b"))).toEqual(["b.0", "b.1", "b.2", "b.3"]);
    expect(marks.words.has("c")).toBe(false);
    expect(marks.threads.get("a")).toEqual(["t1"]);
    expect(marks.threads.get("b")).toEqual(["t2", "t3"]);
    expect(marks.places.get("t1")).toEqual({ utteranceId: "a", wordIndex: 1, text: "the budget looks fine" });
  });

  it("leaves resolved threads and removed anchors unmarked, and keeps a resolved thread's place", () => {
    const removed = thread("t2", "gone.1", "gone.2");
    removed.anchor.removed = true;
    const marks = commentMarks(doc, [thread("t1", "a.0", "a.0", { resolved: true }), removed]);
    expect(marks.words.size).toBe(0);
    expect(marks.threads.size).toBe(0);
    expect(marks.places.get("t1")?.text).toBe("so");
    expect(marks.places.has("t2")).toBe(false);
  });

  it("keeps a thread on its other end when one end's word is gone here, and skips one with neither", () => {
    const marks = commentMarks(doc, [thread("t1", "missing", "b.1"), thread("t2", "x", "y")]);
    expect(sorted(marks.words.get("b"))).toEqual(["b.1"]);
    expect(marks.places.has("t2")).toBe(false);
  });

  it("draws again only the rows whose underline or marker changed", () => {
    const before = commentMarks(doc, [thread("t1", "a.1", "a.2"), thread("t2", "b.0", "b.1")]);
    const after = commentMarks(doc, [
      thread("t1", "a.1", "a.2"),
      thread("t2", "b.0", "b.1", { resolved: true }),
      thread("t3", "c.0", "c.0"),
    ]);
    expect(changedMarks(before, after)).toEqual({ words: ["b", "c"], markers: ["b", "c"] });
    expect(changedMarks(after, after)).toEqual({ words: [], markers: [] });
  });

  it("holds for any threads: every open thread's words, and nothing else, are underlined; markers count open threads", () => {
    const ids = doc.flatMap((u) => u.transcriptWords.map((w) => w.id));
    const order = new Map(ids.map((id, i) => [id, i]));
    const arbThread = fc.record({
      a: fc.integer({ min: 0, max: ids.length - 1 }),
      b: fc.integer({ min: 0, max: ids.length - 1 }),
      resolved: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbThread, { maxLength: 12 }), (specs) => {
        const threads = specs.map((s, i) => thread(`t${i}`, ids[Math.min(s.a, s.b)]!, ids[Math.max(s.a, s.b)]!, { resolved: s.resolved }));
        const marks = commentMarks(doc, threads);
        const expected = new Set<string>();
        for (const s of specs) if (!s.resolved) for (let i = Math.min(s.a, s.b); i <= Math.max(s.a, s.b); i++) expected.add(ids[i]!);
        expect([...allMarkedWords(marks)].sort((x, y) => order.get(x)! - order.get(y)!)).toEqual(
          [...expected].sort((x, y) => order.get(x)! - order.get(y)!),
        );
        const markerCount = [...marks.threads.values()].reduce((n, list) => n + list.length, 0);
        expect(markerCount).toBe(specs.filter((s) => !s.resolved).length);
        // From nothing to these marks, every row with an underline or a marker is drawn.
        const changed = changedMarks(commentMarks(doc, []), marks);
        expect(new Set(changed.words)).toEqual(new Set(marks.words.keys()));
        expect(new Set(changed.markers)).toEqual(new Set(marks.threads.keys()));
      }),
    );
  });
});
