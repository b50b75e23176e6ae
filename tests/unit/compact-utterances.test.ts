import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CompactUtterances,
  CompactPartWriter,
  compactPartText,
  CompactTextWriter,
  decodeUtterances,
  encodeUtterances,
} from "../../common/compact-utterances";
import { utterancesQuerySchema } from "../../common/utterances-query";
import type { UtteranceDto, WordDto } from "../../core/transcript";

/** What the client receives: JSON on the wire. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// Times as ingest stores them (milliseconds) and as an edit may store them (any non-negative number).
const time = fc.oneof(
  fc.nat(20_000_000).map((ms) => ms / 1000),
  fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1e-7, 0.1 + 0.2, 2 ** 53, Number.MAX_VALUE),
);
const confidence = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.nat(10_000).map((n) => n / 10_000),
);
const word = fc.record(
  {
    id: fc.string({ minLength: 1 }),
    text: fc.string(),
    startTime: time,
    endTime: time,
    confidenceScore: confidence,
    originalConfidenceScore: fc.option(confidence, { nil: undefined }),
    hasEntities: fc.boolean(),
  },
  { requiredKeys: ["id", "text", "startTime", "endTime", "confidenceScore", "hasEntities"] },
);
const utterance = fc.record({
  id: fc.oneof(fc.uuid(), fc.string({ minLength: 1, unit: "binary" })),
  speakerId: fc.constantFrom("s1", "s2", "a-speaker-uuid"),
  startTime: time,
  endTime: time,
  position: fc.nat(),
  confidenceScore: confidence,
  sentiment: fc.constantFrom("positive", "negative", "neutral", null),
  sentimentConfidence: fc.option(confidence, { nil: null }),
  transcriptWords: fc.array(word, { maxLength: 8 }).map((words) => words.map((w, position): WordDto => ({ ...w, position }))),
  orderKey: fc.string({ minLength: 1 }),
  version: fc.nat(),
}) as fc.Arbitrary<UtteranceDto>;

describe("compact utterances", () => {
  it("decodes to exactly the spec's shape, for every valid list", () => {
    fc.assert(
      fc.property(fc.array(utterance, { maxLength: 6 }), (list) => {
        expect(decodeUtterances(wire(encodeUtterances(list)))).toEqual(wire(list));
      }),
      { numRuns: 500 },
    );
  });

  it("writes the same text from parts kept as text as from the whole list", () => {
    fc.assert(
      fc.property(fc.array(utterance, { maxLength: 6 }), (list) => {
        const writer = new CompactTextWriter();
        for (const u of list) {
          const part = new CompactPartWriter(u);
          for (const w of u.transcriptWords)
            part.word(w.id, w.text, w.startTime, w.endTime, w.confidenceScore, w.hasEntities, w.originalConfidenceScore);
          writer.add(compactPartText(part.done()), u.position);
        }
        expect(writer.finish()).toBe(JSON.stringify(encodeUtterances(list)));
      }),
      { numRuns: 500 },
    );
  });

  it("sends millisecond times as small integers and other times exactly as text", () => {
    const u: UtteranceDto = {
      id: "u1",
      speakerId: "s1",
      startTime: 3600.5,
      endTime: 3601.25,
      position: 4,
      confidenceScore: 0.9,
      sentiment: null,
      sentimentConfidence: null,
      orderKey: "a0",
      version: 2,
      transcriptWords: [
        { id: "w1", text: "Hello", startTime: 3600.5, endTime: 3600.9, position: 0, confidenceScore: 0.93, hasEntities: true },
        { id: "w2", text: "there", startTime: 3600.92, endTime: 3601.0000001, position: 1, confidenceScore: 1, hasEntities: false },
      ],
    };
    const compact: CompactUtterances = encodeUtterances([u]);
    expect(compact).toEqual({
      format: "compact",
      speakers: ["s1"],
      ids: "u1w1w2",
      idLengths: [[2, 3]],
      utterances: [
        [
          0,
          4,
          3_600_500,
          750,
          0.9,
          null,
          null,
          "a0",
          2,
          [
            ["Hello", 0, 400, 0.93, 1],
            ["there", 20, "3601.0000001", 1],
          ],
        ],
      ],
    });
    expect(decodeUtterances(compact)).toEqual([u]);
  });

  it("reads ?ids= as up to 200 ids and refuses more, empty ones and unknown formats", () => {
    expect(utterancesQuerySchema.parse({ ids: "a,b", format: "compact" })).toEqual({ ids: ["a", "b"], format: "compact" });
    expect(utterancesQuerySchema.parse({})).toEqual({});
    const many = Array.from({ length: 200 }, (_, i) => `u${i}`);
    expect(utterancesQuerySchema.parse({ ids: many.join(",") }).ids).toHaveLength(200);
    expect(utterancesQuerySchema.safeParse({ ids: [...many, "u200"].join(",") }).success).toBe(false);
    expect(utterancesQuerySchema.safeParse({ ids: "" }).success).toBe(false);
    expect(utterancesQuerySchema.safeParse({ ids: "a,,b" }).success).toBe(false);
    expect(utterancesQuerySchema.safeParse({ format: "xml" }).success).toBe(false);
  });
});
