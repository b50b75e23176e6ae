// History entries as diffs (decision 024): for any two states of an utterance,
// the diff stored between them gives each back exactly from the other, and it is
// never larger than the two whole states it replaces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WordDto } from "../../core/transcript";
import type { Change, UtteranceState } from "../../core/change";
import { decodeChange, encodeChange, type RecordedUtterance } from "../../core/change-codec";
import { diffUtterance, forward, revert } from "../../core/utterance-diff";

// Any finite double (-0 aside: JSON has none, and no stored time or score is -0).
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const shortText = fc.string({ minLength: 1, maxLength: 6 });

const word = fc.record(
  {
    id: fc.constantFrom("w1", "w2", "w3", "w4", "w5", "w6"),
    text: shortText,
    startTime: number,
    endTime: number,
    confidenceScore: number,
    originalConfidenceScore: number,
    hasEntities: fc.boolean(),
  },
  { requiredKeys: ["id", "text", "startTime", "endTime", "confidenceScore", "hasEntities"] },
);
const words = fc.array(word, { maxLength: 12 });
const withPositions = (list: Omit<WordDto, "position">[]): WordDto[] => list.map((w, position) => ({ ...w, position }));

const state = fc
  .record(
    {
      speakerId: fc.constantFrom("s1", "s2"),
      startTime: number,
      endTime: number,
      position: fc.nat(),
      confidenceScore: number,
      sentiment: fc.constantFrom("positive", "negative", "neutral", null),
      sentimentConfidence: fc.option(number),
      words,
      orderKey: fc.constantFrom("a0", "a0V", "a1"),
      version: fc.nat(),
      edited: fc.constant(true as const),
    },
    {
      requiredKeys: [
        "speakerId",
        "startTime",
        "endTime",
        "position",
        "confidenceScore",
        "sentiment",
        "sentimentConfidence",
        "words",
        "orderKey",
        "version",
      ],
    },
  )
  .map(({ words: list, ...rest }): UtteranceState => ({ id: "u1", ...rest, transcriptWords: withPositions(list) }));

/** A later state of `a`: some words replaced in the middle, some fields changed (or an unrelated state). */
const pair = fc.oneof(
  fc.tuple(state, state),
  fc.tuple(state, state, fc.nat(), fc.nat(), words).map(([a, other, at, count, inserted]): [UtteranceState, UtteranceState] => {
    const list = [...a.transcriptWords];
    list.splice(at % (list.length + 1), count % 4, ...withPositions(inserted));
    const { edited: _edited, ...fields } = other;
    return [a, { ...a, ...(at % 2 ? fields : {}), transcriptWords: withPositions(list) }];
  }),
);

/** What the row keeps of its own when a diff is applied to it. */
const rowOwn = (target: UtteranceState, row: UtteranceState) => ({ ...target, version: row.version, position: row.position });
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("utterance diffs", () => {
  it("give back either state from the other, exactly, through JSON", () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const diff = viaJson(diffUtterance(a, b));
        expect(forward(a, diff)).toStrictEqual(rowOwn(b, a));
        expect(revert(b, diff)).toStrictEqual(rowOwn(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it("are empty between equal states and name only what changed", () => {
    fc.assert(
      fc.property(state, (a) => {
        expect(diffUtterance(a, { ...a, version: a.version + 1, position: a.position + 1 })).toEqual({});
        const longer = { ...a, transcriptWords: [...a.transcriptWords, { ...a.transcriptWords[0]!, position: a.transcriptWords.length }] };
        if (a.transcriptWords.length) expect(diffUtterance(a, longer)).toEqual({ at: a.transcriptWords.length, iw: expect.any(Array) });
      }),
    );
  });
});

const entries = async (change: Change): Promise<RecordedUtterance[]> => (await decodeChange(await encodeChange(change))).utterances;

describe("stored changes", () => {
  it("keep a diff where both states exist, and a lone state whole and exact", async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ([a, b]) => {
        const [diffed, created, removed] = await entries({
          utterances: [
            { id: a.id, before: a, after: b },
            { id: "u2", before: null, after: { ...b, id: "u2" } },
            { id: "u3", before: { ...a, id: "u3" }, after: null },
          ],
        });
        if (!diffed || !("diff" in diffed)) throw new Error("expected a diff");
        expect(forward(a, diffed.diff)).toStrictEqual(rowOwn(b, a));
        expect(created).toStrictEqual({ id: "u2", before: null, after: { ...b, id: "u2" } });
        expect(removed).toStrictEqual({ id: "u3", before: { ...a, id: "u3" }, after: null });
      }),
      { numRuns: 200 },
    );
  });

  it("are never larger than the whole states by more than a few bytes", async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ([a, b]) => {
        const diffed = await encodeChange({ utterances: [{ id: a.id, before: a, after: b }] });
        const whole = await encodeChange({
          utterances: [
            { id: a.id, before: a, after: null },
            { id: a.id, before: null, after: b },
          ],
        });
        expect(diffed.length).toBeLessThanOrEqual(whole.length + 16);
        expect(diffed.length).toBeLessThan(JSON.stringify({ utterances: [{ id: a.id, before: a, after: b }] }).length);
      }),
      { numRuns: 300 },
    );
  });
});
