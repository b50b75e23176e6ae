// Ask's pure rules (common/ask-retrieval.ts): the question's key terms, the relevance cut, the
// context budget and the answer's citations, for every input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASK_LIMITS } from "../../common/ask";
import {
  askMatchExpression,
  cleanCitations,
  fitPassages,
  informativeTerms,
  passageChars,
  questionTerms,
  relevantHits,
} from "../../common/ask-retrieval";
import { tokenize } from "../../common/search-query";

describe("questionTerms", () => {
  it("keeps what the question is about, folded, each once", () => {
    expect(questionTerms("What did they say about the Zeppelin?")).toEqual(["zeppelin"]);
    expect(questionTerms("Where does she talk about funding and the Café's funding?")).toEqual(["funding", "cafe"]);
    expect(questionTerms("When is the Q3 launch date?")).toEqual(["q3", "launch", "date"]);
    expect(questionTerms("What did they say about it?")).toEqual([]);
    expect(questionTerms("")).toEqual([]);
  });

  it("never throws and never returns a term that is not a word of the question", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (question) => {
        const words = new Set(tokenize(question).map((t) => t.token));
        const terms = questionTerms(question);
        expect(new Set(terms).size).toBe(terms.length);
        for (const term of terms) expect(words.has(term)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("the", "zeppelin", "Ünïcode", "a", "42", "?", " ", '"', "*", "OR"), { maxLength: 40 }),
        (parts) => {
          const question = parts.join(" ");
          const words = new Set(tokenize(question).map((t) => t.token));
          for (const term of questionTerms(question)) expect(words.has(term)).toBe(true);
        },
      ),
    );
  });

  it("makes a MATCH expression of quoted terms only, prefixes for longer ones", () => {
    expect(askMatchExpression(["zeppelin", "q3"])).toBe('"zeppelin" * OR "q3"');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (question) => {
        const expression = askMatchExpression(questionTerms(question));
        // Each term is a quoted run of letters and digits: nothing the user typed can be an operator.
        expect(expression).toMatch(/^("[\p{L}\p{N}\p{M}\p{Co}]+"( \*)?( OR "[\p{L}\p{N}\p{M}\p{Co}]+"( \*)?)*)?$/u);
      }),
    );
  });
});

describe("informativeTerms", () => {
  it("leaves out terms far more common than the rarest one, and terms no row has", () => {
    const rows = (counts: Record<string, number>) => Object.entries(counts).map(([term, n]) => ({ term, rows: n }));
    expect(informativeTerms(rows({ zeppelin: 3, budget: 90_000, launch: 1_500 }))).toEqual(["zeppelin", "launch"]);
    expect(informativeTerms(rows({ budget: 90_000, meeting: 60_000 }))).toEqual(["budget", "meeting"]);
    expect(informativeTerms(rows({ xylophone: 0, budget: 90_000 }))).toEqual(["budget"]);
    expect(informativeTerms(rows({ xylophone: 0 }))).toEqual([]);
  });

  it("always keeps the rarest found term, and only terms it was given", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ term: fc.string(), rows: fc.nat(1_000_000) }), { maxLength: 12 }), (counts) => {
        const kept = informativeTerms(counts);
        const found = counts.filter((c) => c.rows > 0);
        if (found.length) expect(kept).toContain(found.reduce((a, b) => (b.rows < a.rows ? b : a)).term);
        else expect(kept).toEqual([]);
        for (const term of kept) expect(found.map((c) => c.term)).toContain(term);
      }),
    );
  });
});

describe("relevantHits", () => {
  it("keeps hits near the best one's score, at most the passages allowed", () => {
    const hits = [-10, -8, -3, -2.4, -1].map((score) => ({ score }));
    expect(relevantHits(hits).map((h) => h.score)).toEqual([-10, -8, -3]);
    expect(relevantHits([])).toEqual([]);
    const many = Array.from({ length: 20 }, () => ({ score: -5 }));
    expect(relevantHits(many)).toHaveLength(ASK_LIMITS.passages);
  });

  it("always keeps the best hit, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 0, noNaN: true }), { minLength: 1, maxLength: 30 }), (scores) => {
        const ranked = [...scores].sort((a, b) => a - b).map((score) => ({ score }));
        const kept = relevantHits(ranked);
        expect(kept[0]).toBe(ranked[0]);
        expect(kept).toEqual(ranked.slice(0, kept.length));
      }),
    );
  });
});

describe("fitPassages", () => {
  const passage = (text: string, before: string[] = [], after: string[] = []) => ({ text, before, after, id: text });

  it("gives each passage its text and as much context as the budget allows, nearest first", () => {
    const fitted = fitPassages([passage("abc", ["1", "22"], ["333"]), passage("de", ["4444"], [])], 10);
    expect(fitted.map((p) => [p.id, p.text, p.before, p.after])).toEqual([
      ["abc", "abc", ["22"], ["333"]],
      ["de", "de", [], []],
    ]);
    // A 3-hour monologue in one utterance is cut to its share.
    const [long] = fitPassages([passage("x".repeat(100_000))], 1_000);
    expect(long!.text).toHaveLength(1_000);
    expect(long!.text.endsWith("…")).toBe(true);
  });

  it("never exceeds the budget, and keeps every passage in its place", () => {
    const text = fc.string({ maxLength: 3_000 });
    const input = fc.array(fc.record({ text, before: fc.array(text, { maxLength: 3 }), after: fc.array(text, { maxLength: 3 }) }), {
      maxLength: ASK_LIMITS.passages,
    });
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 20_000 }), (passages, budget) => {
        const fitted = fitPassages(passages, budget);
        expect(fitted.reduce((sum, p) => sum + passageChars(p), 0)).toBeLessThanOrEqual(budget);
        if (budget >= passages.length) expect(fitted).toHaveLength(passages.length);
        fitted.forEach((p, i) => {
          const source = passages[i]!;
          if (source.text.length <= Math.floor(budget / passages.length)) expect(p.text).toBe(source.text);
          for (const b of p.before) expect(source.before).toContain(b);
          for (const a of p.after) expect(source.after).toContain(a);
        });
      }),
    );
  });
});

describe("cleanCitations", () => {
  it("drops numbers of passages that were not given, and brackets left empty", () => {
    expect(cleanCitations("Landed at noon [1]. Also [3] and [1, 4, 2].", 2)).toEqual({
      answer: "Landed at noon [1]. Also and [1, 2].",
      cited: [1, 2],
    });
    expect(cleanCitations("Nothing [0] here [99]", 3)).toEqual({ answer: "Nothing here", cited: [] });
    expect(cleanCitations("No passages [1].", 0)).toEqual({ answer: "No passages.", cited: [] });
  });

  it("never leaves a citation of a passage not given, and never throws", () => {
    const answer = fc.array(
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.nat(30).map((n) => `[${n}]`),
        fc.constant("[1, 12]"),
      ),
      {
        maxLength: 20,
      },
    );
    fc.assert(
      fc.property(answer, fc.nat(10), (parts, given) => {
        const { answer: cleaned, cited } = cleanCitations(parts.join(" "), given);
        for (const m of cleaned.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g))
          for (const n of m[1]!.split(",").map(Number)) expect(n >= 1 && n <= given).toBe(true);
        for (const n of cited) expect(n >= 1 && n <= given).toBe(true);
      }),
    );
  });
});
