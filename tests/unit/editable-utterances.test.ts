// No utterance becomes uneditable (core/transcript-apply.ts): whatever a merge joins, the
// merged utterance takes an ordinary edit; a stored utterance whose times are out of order is
// still editable; a new word's id is refused when the transcript uses it; times stay bounded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOp, OpError, type OpContext, wordTimeLimit } from "../../core/transcript-apply";
import { EDIT_LIMITS, EDIT_MESSAGES } from "../../core/edit-limits";
import type { UtteranceState } from "../../core/change";
import type { WordDto } from "../../core/transcript";

const word = (id: string, startTime: number, endTime: number): WordDto => ({
  id,
  text: id,
  startTime,
  endTime,
  position: 0,
  confidenceScore: 0.9,
  hasEntities: false,
});

function utterance(id: string, orderKey: string, words: WordDto[]): UtteranceState {
  return {
    id,
    speakerId: "s1",
    startTime: words[0]?.startTime ?? 0,
    endTime: Math.max(0, ...words.map((w) => w.endTime)),
    position: 0,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: words.map((w, position) => ({ ...w, position })),
    orderKey,
    version: 1,
  };
}

function context(list: UtteranceState[], extra: Partial<OpContext> = {}): OpContext {
  return {
    utterance: (id) => list.find((u) => u.id === id),
    next: (id) => list[list.findIndex((u) => u.id === id) + 1],
    speakerName: () => "Ann",
    ...extra,
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof OpError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

/** An ordinary edit: the first word's text changed, the others sent back as they are. */
const typoFix = (u: UtteranceState) => ({
  type: "update_words" as const,
  utteranceId: u.id,
  words: u.transcriptWords.map((w, i) => (i === 0 ? { id: w.id, text: `${w.text}x` } : { id: w.id })),
});

const timedWords = (prefix: string) =>
  fc
    .array(fc.record({ gap: fc.double({ min: 0, max: 5, noNaN: true }), length: fc.double({ min: 0, max: 3, noNaN: true }) }), {
      minLength: 1,
      maxLength: 8,
    })
    .chain((steps) =>
      fc.double({ min: 0, max: 50, noNaN: true }).map((from) => {
        let t = from;
        return steps.map(({ gap, length }, k) => {
          t += gap;
          return word(`${prefix}${k}`, t, t + length);
        });
      }),
    );

describe("a merge", () => {
  it("leaves an utterance that takes an ordinary edit, however the two utterances' times overlap", () => {
    fc.assert(
      fc.property(timedWords("a"), timedWords("b"), (a, b) => {
        const list = [utterance("u1", "a0", a), utterance("u2", "a1", b)];
        const merged = applyOp(context(list), { type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "u2" }).change.utterances[0]!
          .after!;
        expect(merged.transcriptWords.map((w) => w.id)).toEqual([...a, ...b].map((w) => w.id));
        merged.transcriptWords.forEach((w, i) => {
          expect(w.endTime).toBeGreaterThanOrEqual(w.startTime);
          if (i > 0) expect(w.startTime).toBeGreaterThanOrEqual(merged.transcriptWords[i - 1]!.startTime);
        });
        expect(refusal(() => applyOp(context([merged]), typoFix(merged)))).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("refuses two utterances sharing a word id (rows written before ids were unique), 422", () => {
    const list = [utterance("u1", "a0", [word("w1", 0, 1), word("w2", 1, 2)]), utterance("u2", "a1", [word("w2", 3, 4)])];
    expect(refusal(() => applyOp(context(list), { type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "u2" }))).toEqual({
      status: 422,
      message: EDIT_MESSAGES.mergeSharedWordIds,
    });
  });
});

describe("update_words", () => {
  const stored = utterance("u1", "a0", [word("w1", 5, 6), word("w2", 2, 1.5), word("w3", 7, 8)]);

  it("takes an edit of an utterance stored with times out of order, but refuses new times out of order", () => {
    expect(refusal(() => applyOp(context([stored]), typoFix(stored)))).toBeNull();
    const moved = { type: "update_words" as const, utteranceId: "u1", words: [{ id: "w1" }, { id: "w2" }, { id: "w3", start_time: 1 }] };
    expect(refusal(() => applyOp(context([stored]), moved))).toEqual({ status: 422, message: EDIT_MESSAGES.timesOutOfOrder });
    const added = {
      type: "update_words" as const,
      utteranceId: "u1",
      words: [{ id: "w1" }, { id: "new", text: "x", start_time: 4, end_time: 4.5, confidence_score: 1 }, { id: "w2" }, { id: "w3" }],
    };
    expect(refusal(() => applyOp(context([stored]), added))).toEqual({ status: 422, message: EDIT_MESSAGES.timesOutOfOrder });
  });

  it("refuses a new word whose id the transcript uses elsewhere, and times past the limit", () => {
    const u = utterance("u1", "a0", [word("w1", 0, 1)]);
    const adding = (id: string, end: number) => ({
      type: "update_words" as const,
      utteranceId: "u1",
      words: [{ id: "w1" }, { id, text: "x", start_time: 1, end_time: end, confidence_score: 1 }],
    });
    const ctx = context([u], { wordIdInUse: (id) => id === "elsewhere", timeLimit: wordTimeLimit(30) });
    expect(refusal(() => applyOp(ctx, adding("elsewhere", 2)))).toEqual({ status: 422, message: EDIT_MESSAGES.wordIdTaken });
    expect(refusal(() => applyOp(ctx, adding("fresh", 2)))).toBeNull();
    expect(refusal(() => applyOp(ctx, adding("fresh", 30 + EDIT_LIMITS.timeMarginSeconds)))).toBeNull();
    expect(refusal(() => applyOp(ctx, adding("fresh", 31 + EDIT_LIMITS.timeMarginSeconds)))).toEqual({
      status: 422,
      message: EDIT_MESSAGES.timePastRecording,
    });
    // An unknown length bounds times at 48 hours only.
    const open = context([u], { timeLimit: wordTimeLimit(0) });
    expect(refusal(() => applyOp(open, adding("fresh", EDIT_LIMITS.timeMaxSeconds)))).toBeNull();
    expect(refusal(() => applyOp(open, adding("fresh", EDIT_LIMITS.timeMaxSeconds + 1)))).toEqual({
      status: 422,
      message: EDIT_MESSAGES.timeTooLarge,
    });
  });

  it("refuses line breaks and controls in a word with their own message", () => {
    const u = utterance("u1", "a0", [word("w1", 0, 1)]);
    const text = (t: string) => ({ type: "update_words" as const, utteranceId: "u1", words: [{ id: "w1", text: t }] });
    expect(refusal(() => applyOp(context([u]), text("a\u2028b")))).toEqual({ status: 422, message: EDIT_MESSAGES.lineBreak });
    expect(refusal(() => applyOp(context([u]), text("a\u0007b")))).toEqual({ status: 422, message: EDIT_MESSAGES.controlCharacter });
  });
});
