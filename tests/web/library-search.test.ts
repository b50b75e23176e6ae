// The library search's query language (common/search-query.ts) and the sidebar's
// helpers (web/src/lib/library-search.ts): parsing, FTS5 expressions, marks, snippets, grouping, links.
import { describe, expect, it } from "vitest";
import type { SearchHit } from "../../common/search";
import { findMarks, makeSnippet, matchExpression, parseSearchQuery } from "../../common/search-query";
import { groupHits, hitLabel, hitLink, isLibraryQuery, snippetParts } from "../../web/src/lib/library-search";

describe("parseSearchQuery", () => {
  it("ANDs words, keeps quoted phrases and makes the last bare word a prefix", () => {
    expect(parseSearchQuery('budget "next review" hir')).toEqual([
      { tokens: ["budget"], prefix: false },
      { tokens: ["next", "review"], prefix: false },
      { tokens: ["hir"], prefix: true },
    ]);
    expect(parseSearchQuery("hir ")).toEqual([{ tokens: ["hir"], prefix: false }]);
    expect(parseSearchQuery('"open phrase')).toEqual([{ tokens: ["open", "phrase"], prefix: false }]);
  });

  it("folds case and accents, splits on punctuation as the index does", () => {
    expect(parseSearchQuery("CAFÉ Über")).toEqual([
      { tokens: ["cafe"], prefix: false },
      { tokens: ["uber"], prefix: true },
    ]);
    expect(parseSearchQuery("don't")).toEqual([{ tokens: ["don", "t"], prefix: true }]);
  });

  it("turns FTS5 syntax into plain words and never yields an operator", () => {
    for (const q of ['"', "*", "-", "^", "(", ")", ":", "   ", '""', "🎉"]) expect(parseSearchQuery(q), q).toEqual([]);
    // "NEAR(a" is written together, so it is the phrase "near a", as the index would read that text.
    const expr = matchExpression(parseSearchQuery('AND OR NOT NEAR(a b) body:x "c* d"'));
    expect(expr).toBe('"and" "or" "not" "near a" "b" "body x" "c d"');
  });
});

describe("marks and snippets", () => {
  it("marks every occurrence: phrases as one run, the prefix term by its start", () => {
    const text = "Le café était très bon, très bon";
    expect(findMarks(text, parseSearchQuery('"tres bon"')).map((m) => text.slice(m.start, m.end))).toEqual(["très bon", "très bon"]);
    expect(findMarks(text, parseSearchQuery("caf")).map((m) => text.slice(m.start, m.end))).toEqual(["café"]);
    expect(findMarks(text, parseSearchQuery("bo")).map((m) => text.slice(m.start, m.end))).toEqual(["bon", "bon"]);
  });

  it("cuts long texts around the first match, offsets following the cut", () => {
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`);
    words[60] = "needle";
    const snippet = makeSnippet(words.join(" "), parseSearchQuery("needle "));
    expect(snippet.text.startsWith("… ")).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(170);
    expect(snippet.marks).toHaveLength(1);
    expect(snippet.text.slice(snippet.marks[0]!.start, snippet.marks[0]!.end)).toBe("needle");
  });
});

const hit = (over: Partial<SearchHit>): SearchHit => ({
  file_id: "f1",
  file_name: "One.wav",
  folder_id: null,
  kind: "transcript",
  snippet: "so the budget",
  marks: [{ start: 7, end: 13 }],
  ...over,
});

describe("sidebar helpers", () => {
  it("groups hits by file in the order of each file's best hit", () => {
    const hits = [hit({}), hit({ file_id: "f2", file_name: "Two.wav" }), hit({ utterance_id: "u2" })];
    expect(groupHits(hits).map((g) => [g.fileId, g.hits.length])).toEqual([
      ["f1", 2],
      ["f2", 1],
    ]);
  });

  it("splits a snippet at its marks and ignores marks out of range", () => {
    expect(snippetParts(hit({}))).toEqual([
      { text: "so the ", marked: false },
      { text: "budget", marked: true },
    ]);
    expect(snippetParts(hit({ marks: [{ start: 5, end: 99 }] }))).toEqual([{ text: "so the budget", marked: false }]);
  });

  it("links an utterance hit with its place, other hits to the file", () => {
    expect(hitLink(hit({ utterance_id: "u 1", start_time: 12.8 }), " budget ")).toBe("/dashboard/file/f1?u=u+1&q=budget&t=12.8");
    expect(hitLink(hit({ kind: "notes" }), "budget")).toBe("/dashboard/file/f1");
    expect(hitLabel(hit({ speaker: "Ana", start_time: 3725 }))).toBe("Ana 1:02:05");
    expect(hitLabel(hit({ kind: "name", speaker: "Ana" }))).toBe("Speaker");
    expect(isLibraryQuery("a")).toBe(false);
    expect(isLibraryQuery("**")).toBe(false);
    expect(isLibraryQuery("ab")).toBe(true);
  });
});
