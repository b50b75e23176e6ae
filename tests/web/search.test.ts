import { describe, expect, it } from "vitest";
import {
  findMatches,
  normalizeQuery,
  SEARCH_MIN_LENGTH,
  SearchState,
  searchLabel,
  utteranceText,
  type SearchUtterance,
} from "../../web/src/editor/model/search";

function utterance(id: string, text: string): SearchUtterance {
  return { id, transcriptWords: text.split(" ").map((t, i) => ({ id: `${id}w${i}`, text: t })) };
}

const transcript = [
  utterance("u1", "The cat sat on the mat."),
  utterance("u2", "Then the CAT left, the end"),
  utterance("u3", "concatenate scattered cats"),
];

describe("search matching", () => {
  it("is inactive below 2 trimmed characters", () => {
    expect(SEARCH_MIN_LENGTH).toBe(2);
    expect(normalizeQuery("")).toBeNull();
    expect(normalizeQuery(" t ")).toBeNull();
    expect(normalizeQuery("   ")).toBeNull();
    expect(normalizeQuery(" th ")).toBe("th");
    expect(findMatches(transcript, "t")).toEqual([]);
    expect(findMatches(transcript, "  a  ")).toEqual([]);
  });

  it("is case-insensitive and finds every occurrence, inside words too", () => {
    const cats = findMatches(transcript, "CaT");
    expect(cats.map((m) => [m.utteranceId, m.wordIds])).toEqual([
      ["u1", ["u1w1"]],
      ["u2", ["u2w2"]],
      ["u3", ["u3w0"]],
      ["u3", ["u3w1"]],
      ["u3", ["u3w2"]],
    ]);
    expect(findMatches(transcript, "the").length).toBe(5); // The, the, Then, the, the
  });

  it("reports offsets in the text of words joined by single spaces", () => {
    const [match] = findMatches([transcript[1]!], "cat");
    expect(utteranceText(transcript[1]!)).toBe("Then the CAT left, the end");
    expect(match).toEqual({ utteranceId: "u2", wordIds: ["u2w2"], start: 9, end: 12 });
    expect(utteranceText(transcript[1]!).slice(match!.start, match!.end)).toBe("CAT");
  });

  it("matches across words, covering every word touched", () => {
    expect(findMatches(transcript, "the cat")).toEqual([
      { utteranceId: "u1", wordIds: ["u1w0", "u1w1"], start: 0, end: 7 },
      { utteranceId: "u2", wordIds: ["u2w1", "u2w2"], start: 5, end: 12 },
    ]);
    // Partial words at both ends: "e ca" spans "the" and "cat".
    expect(findMatches([transcript[0]!], "e ca")).toEqual([{ utteranceId: "u1", wordIds: ["u1w0", "u1w1"], start: 2, end: 6 }]);
    expect(findMatches([transcript[0]!], "cat sat on")[0]!.wordIds).toEqual(["u1w1", "u1w2", "u1w3"]);
  });

  it("reads several spaces in the query as one", () => {
    expect(findMatches(transcript, "  the    cat ")).toHaveLength(2);
  });

  it("does not match across utterances", () => {
    expect(findMatches(transcript, "mat. then")).toEqual([]);
  });

  it("counts occurrences without overlap, like a browser's find", () => {
    expect(findMatches([utterance("u", "aaaa")], "aa").map((m) => m.start)).toEqual([0, 2]);
  });

  it("takes the query literally (no patterns)", () => {
    const text = [utterance("u", "a.b (c) d* [e]")];
    expect(findMatches(text, "a.b")).toHaveLength(1);
    expect(findMatches(text, "(c)")).toHaveLength(1);
    expect(findMatches(text, "d*")).toHaveLength(1);
    expect(findMatches(text, ".*")).toHaveLength(0);
  });

  it("keeps offsets right when lowercasing would change a character's length", () => {
    const text = [utterance("u", "İstanbul İzmir istanbul")];
    const matches = findMatches(text, "stan");
    expect(matches.map((m) => [m.start, m.wordIds])).toEqual([
      [1, ["uw0"]],
      [16, ["uw2"]],
    ]);
  });

  it("finds a word edited into a new utterance object (the cache follows identity)", () => {
    const before = utterance("u", "hello world");
    expect(findMatches([before], "word")).toHaveLength(0);
    const after = { ...before, transcriptWords: [before.transcriptWords[0]!, { id: "uw1", text: "word" }] };
    expect(findMatches([after], "word")).toHaveLength(1);
    // A new words array on the same object is noticed too.
    const same = { id: "s", transcriptWords: [{ id: "a", text: "alpha" }] } as {
      id: string;
      transcriptWords: { id: string; text: string }[];
    };
    expect(findMatches([same], "beta")).toHaveLength(0);
    same.transcriptWords = [{ id: "a", text: "beta" }];
    expect(findMatches([same], "beta")).toHaveLength(1);
  });

  it("searches 30,000 words quickly (sanity check, not the budget)", () => {
    const vocabulary = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "then", "sleeps"];
    const many: SearchUtterance[] = [];
    let n = 0;
    for (let u = 0; u < 1_000; u++) {
      many.push({
        id: `u${u}`,
        transcriptWords: Array.from({ length: 30 }, () => ({ id: `w${n}`, text: vocabulary[n++ % vocabulary.length]! })),
      });
    }
    expect(n).toBe(30_000);
    const first = performance.now();
    const all = findMatches(many, "the");
    const firstMs = performance.now() - first;
    const again = performance.now();
    findMatches(many, "lazy dog");
    findMatches(many, "o");
    findMatches(many, "zz");
    const againMs = (performance.now() - again) / 3;
    // "the" and "then": 2 of every 11 words.
    expect(all.length).toBe(Math.floor((30_000 * 2) / 11) + 1);
    expect(firstMs).toBeLessThan(500);
    expect(againMs).toBeLessThan(250);
  });
});

describe("search state", () => {
  it("counts, moves with wrap-around and labels 'n of m'", () => {
    const search = new SearchState(transcript);
    expect(search.active).toBe(false);
    expect(search.label).toBe("");
    search.setQuery("cat");
    expect(search.active).toBe(true);
    expect(search.total).toBe(5);
    expect(search.current).toBe(0);
    expect(search.label).toBe("1 of 5");
    expect(search.next()?.utteranceId).toBe("u2");
    search.next();
    search.next();
    expect(search.next()?.wordIds).toEqual(["u3w2"]);
    expect(search.label).toBe("5 of 5");
    expect(search.next()?.utteranceId).toBe("u1");
    expect(search.label).toBe("1 of 5");
    expect(search.prev()?.wordIds).toEqual(["u3w2"]);
    expect(search.current).toBe(4);
    expect(search.prev()?.wordIds).toEqual(["u3w1"]);
  });

  it("says '0 of 0' when an active query finds nothing, and does not move", () => {
    const search = new SearchState(transcript, "zebra");
    expect(search.total).toBe(0);
    expect(search.current).toBe(-1);
    expect(search.currentMatch).toBeNull();
    expect(search.label).toBe("0 of 0");
    expect(search.next()).toBeNull();
    expect(search.prev()).toBeNull();
    expect(searchLabel({ current: 2, total: 7 })).toBe("3 of 7");
  });

  it("starts a new query at its first match; a short query clears the matches", () => {
    const search = new SearchState(transcript, "the");
    search.next();
    search.next();
    search.setQuery("cat");
    expect(search.current).toBe(0);
    search.setQuery("c");
    expect(search.active).toBe(false);
    expect(search.total).toBe(0);
    expect(search.label).toBe("");
  });

  it("keeps the current match when the utterances change around it", () => {
    const search = new SearchState(transcript, "cat");
    search.next();
    search.next(); // u3 "concatenate"
    expect(search.currentMatch).toMatchObject({ utteranceId: "u3", start: 3 });
    search.setUtterances([utterance("u1", "The dog sat on the mat."), transcript[1]!, transcript[2]!]);
    expect(search.total).toBe(4);
    expect(search.currentMatch).toMatchObject({ utteranceId: "u3", start: 3 });
    expect(search.label).toBe("2 of 4");
    // The current match is gone: the position is kept within bounds.
    search.setUtterances([utterance("u3", "cats")]);
    expect(search.current).toBe(0);
    search.setUtterances([]);
    expect(search.current).toBe(-1);
    expect(search.label).toBe("0 of 0");
  });

  it("lists the matches of one utterance for highlighting", () => {
    const search = new SearchState(transcript, "cat");
    expect(search.matchesIn("u3").map((m) => m.wordIds[0])).toEqual(["u3w0", "u3w1", "u3w2"]);
    expect(search.matchesIn("u9")).toEqual([]);
  });
});
