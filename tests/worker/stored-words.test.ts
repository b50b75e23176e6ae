// The stored form of an utterance's words (decision 026): every list comes back
// exactly, the compact form is chosen whenever it is exact, and migration 0020
// converts rows stored in the first form into the same words.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTranscriptRows, saveTranscript } from "../../worker/transcripts/ingest";
import { wordsJson } from "../../worker/transcripts/read";
import { decodeWords, encodeWords, type StoredWord } from "../../worker/transcripts/stored-words";
import { sampleTranscript } from "./transcript-helpers";
import { createUser } from "./library-helpers";

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

  it("answer the spec's word JSON from either form", () => {
    const words: StoredWord[] = [
      { id: "a1", t: "hello", s: 1.25, e: 1.5, c: 0.9312, x: 1 },
      { id: "a2", t: "world", s: 1.5, e: 2, c: 1, o: 0.42 },
    ];
    const compact = encodeWords(words);
    // Gap, duration and confidence of each word, folded and packed: 1250 250 9312, 0 500 10000.
    expect(compact).toBe('[["a1 a2"],"hello world","kuC0PgmSAofgxT",[[1,4200]],[0]]');
    // The compact form as rows written before packing hold it.
    const unpacked = '[["a1 a2"],"hello world",[1250,250,0,500],[9312,10000],[[1,4200]],[0]]';
    expect(decodeWords(unpacked)).toEqual(decodeWords(compact));
    expect(wordsJson(compact)).toBe(wordsJson(JSON.stringify(words)));
    expect(wordsJson(unpacked)).toBe(wordsJson(compact));
    expect(JSON.parse(wordsJson(compact)!)).toEqual([
      { id: "a1", text: "hello", startTime: 1.25, endTime: 1.5, position: 0, confidenceScore: 0.9312, hasEntities: true },
      {
        id: "a2",
        text: "world",
        startTime: 1.5,
        endTime: 2,
        position: 1,
        confidenceScore: 1,
        originalConfidenceScore: 0.42,
        hasEntities: false,
      },
    ]);
  });

  it("are converted by migration 0020 into the same words, leaving what the compact form cannot hold", async () => {
    const user = await createUser();
    const file = { id: crypto.randomUUID(), userId: user.id };
    await env.DB.prepare(
      `INSERT INTO audio_files (id, user_id, name, filename, storage_key, content_type, file_size, status, created_at, updated_at)
       VALUES (?, ?, 'm', 'm.wav', ?, 'audio/wav', 1, 'processing', 'x', 'x')`,
    )
      .bind(file.id, user.id, `k/${file.id}`)
      .run();
    const rows = buildTranscriptRows(file, sampleTranscript(1, 1), { service: "test", startedAt: "x", completedAt: "y" });
    await saveTranscript(env.DB, rows);
    const id = rows.utterances[0]!.id;
    const conversion = env.TEST_MIGRATIONS.find((m) => m.name === "0020_compact_words.sql")!.queries.find((q) =>
      q.includes("UPDATE utterances SET words"),
    )!;
    const text = fc.oneof(fc.stringMatching(/^[^ ]{1,8}$/), token);
    await fc.assert(
      fc.asyncProperty(wordsArb(fc.oneof(exactMs, exactMs, anyTime), fc.oneof(exactConfidence, anyConfidence), text), async (words) => {
        const first = JSON.stringify(words);
        await env.DB.prepare("UPDATE utterances SET words = ? WHERE id = ?").bind(first, id).run();
        await env.DB.prepare(conversion).run();
        const stored = (await env.DB.prepare("SELECT words FROM utterances WHERE id = ?").bind(id).first<string>("words"))!;
        expect(decodeWords(stored)).toEqual(plain(words));
        // Converted exactly when the code would have stored it compactly.
        expect(stored.startsWith("[[")).toBe(encodeWords(words).startsWith("[["));
      }),
      { numRuns: 150 },
    );
  });
});
