import { describe, expect, it } from "vitest";
import { decodeUtterances, encodeUtterances } from "../../common/compact-utterances";
import type { UtteranceDto } from "../../core/transcript";
import { headOf } from "../../web/src/editor/open/head";

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Ids of varied lengths, so the answer's id runs are many and cut inside. */
function list(n: number): UtteranceDto[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `u${"x".repeat(i % 3)}${i}`,
    speakerId: `s${i % 2}`,
    startTime: i,
    endTime: i + 0.5,
    position: i,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    orderKey: `a${String(i).padStart(3, "0")}`,
    version: i + 1,
    transcriptWords: Array.from({ length: (i % 4) + 1 }, (_, k) => ({
      id: `w${i}-${"y".repeat(k)}`,
      text: `word${k}`,
      startTime: i + k * 0.1,
      endTime: i + k * 0.1 + 0.05,
      position: k,
      confidenceScore: 0.5 + k / 10,
      hasEntities: k === 1,
    })),
  }));
}

describe("the first screenful of a compact answer", () => {
  const all = list(25);
  const compact = wire(encodeUtterances(all));

  it("decodes to exactly the first utterances of the whole", () => {
    for (const count of [1, 2, 7, 24]) {
      expect(decodeUtterances(wire(headOf(compact, count)))).toEqual(wire(all.slice(0, count)));
    }
  });

  it("is the whole answer when the transcript is no longer", () => {
    expect(headOf(compact, 25)).toBe(compact);
    expect(decodeUtterances(headOf(compact, 40))).toEqual(wire(all));
  });

  it("holds only the ids of its own utterances and words", () => {
    const head = headOf(compact, 3);
    const words = all.slice(0, 3).flatMap((u) => u.transcriptWords.map((w) => w.id));
    expect(head.ids).toBe([...all.slice(0, 3).map((u) => u.id), ...words].join(""));
  });
});
