// The stored form of an utterance's words (decision 026): every list comes back
// exactly, and the compact form is chosen whenever it is exact.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeWords, encodeWords, type StoredWord } from "../../core/stored-words";

const exactMs = fc.integer({ min: 0, max: 50_000_000 }).map((m) => m / 1000);
const anyTime = fc.oneof(exactMs, fc.double({ min: 0, max: 1e6, noNaN: true }));
const exactConfidence = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
const anyConfidence = fc.oneof(exactConfidence, fc.double({ min: 0, max: 1, noNaN: true }));
const token = fc.string({ minLength: 1, maxLength: 12 });
/** Ids as ingest makes them (a base and an index in base 36), some of them as they are, in any order. */
const ingestLike = fc.tuple(fc.constantFrom("AbCdEfGh", "zz00ZZ99"), fc.integer({ min: 0, max: 2000 })).map(([b, n]) => b + n.toString(36));

function wordsArb(time: fc.Arbitrary<number>, confidence: fc.Arbitrary<number>, text: fc.Arbitrary<string>) {
  return fc.array(
    fc.record(
      { id: text, t: text, s: time, e: time, c: confidence, o: confidence, x: fc.constant(1 as const) },
      { requiredKeys: ["id", "t", "s", "e", "c"] },
    ),
    { minLength: 1, maxLength: 30 },
  );
}

/** As the plain form writes them: JSON's own round trip (-0 becomes 0). */
const plain = (words: StoredWord[]) => JSON.parse(JSON.stringify(words)) as StoredWord[];

describe("stored words", () => {
  it("come back exactly, whatever they hold", () => {
    fc.assert(
      fc.property(wordsArb(anyTime, anyConfidence, token), (words) => {
        expect(decodeWords(encodeWords(words))).toEqual(plain(words));
      }),
      { numRuns: 500 },
    );
  });

  it("pack any whole milliseconds and ten-thousandths, negative or far, or keep them as numbers beyond the safe range", () => {
    const wide = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -(2 ** 52), max: 2 ** 52 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(wide, wide, wide), { minLength: 1, maxLength: 20 }), (triples) => {
        let end = 0;
        const words = triples.map(([gap, duration, c], i): StoredWord => {
          const start = end + gap;
          end = start + duration;
          return { id: `w${i}`, t: "w", s: start / 1000, e: end / 1000, c: c / 10_000 };
        });
        const stored = encodeWords(words);
        expect(decodeWords(stored)).toEqual(words);
        const parsed = JSON.parse(stored) as unknown[];
        // Compact whenever every value is exact; packed then unless a number passes 2^50.
        if (Array.isArray(parsed[0]) && triples.every((t) => t.every((n) => Math.abs(n) <= 2 ** 50))) {
          expect(typeof parsed[2]).toBe("string");
        }
        if (triples.every((t) => t.every((n) => Math.abs(n) <= 1000))) expect(typeof parsed[2]).toBe("string");
      }),
      { numRuns: 500 },
    );
  });

  it("refuse packed numbers that are cut short or run on", () => {
    expect(() => decodeWords('[["a1 a2"],"hello world","kuC0PgmSAofg"]')).toThrow();
    expect(() => decodeWords('[["a1 a2"],"hello world","kuC0PgmSAofgxTA"]')).toThrow();
  });

  it("keep runs of ingest's ids as a base and a range, and any other ids as they are", () => {
    const ids = fc.array(fc.oneof(ingestLike, fc.stringMatching(/^[^ ]{1,12}$/)), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(ids, (list) => {
        const words = list.map((id, i): StoredWord => ({ id, t: "w", s: i, e: i + 0.5, c: 0.5 }));
        expect(decodeWords(encodeWords(words))).toEqual(words);
      }),
      { numRuns: 500 },
    );
    const run = Array.from({ length: 40 }, (_, i): StoredWord => ({ id: `AbCdEfGh${i.toString(36)}`, t: "w", s: i, e: i + 0.5, c: 0.5 }));
    expect(encodeWords(run)).toMatch(/^\[\[\["AbCdEfGh",0,40\]\],/);
  });

  it("take the compact form when times are whole milliseconds, confidences 4 decimals and texts single words", () => {
    const single = fc.stringMatching(/^[^ ]{1,12}$/);
    fc.assert(
      fc.property(wordsArb(exactMs, exactConfidence, single), (words) => {
        const stored = encodeWords(words);
        expect(stored.startsWith("[[")).toBe(true);
        expect(stored.length).toBeLessThan(JSON.stringify(words).length);
        expect(decodeWords(stored)).toEqual(plain(words));
      }),
      { numRuns: 300 },
    );
  });
});
