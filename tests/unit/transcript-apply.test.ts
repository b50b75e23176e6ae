import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOp, OpError, statsDelta } from "../../core/transcript-apply";
import { EDIT_MESSAGES } from "../../core/edit-limits";
import { invertChange, type Change } from "../../core/change";
import type { TranscriptOp } from "../../core/operations";
import { docContext, makeDoc } from "../support/transcript-doc";

const expectOpError = (fn: () => unknown, status: number, message: string) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(OpError);
    expect((e as OpError).status).toBe(status);
    expect((e as OpError).message).toBe(message);
    return;
  }
  throw new Error("expected an OpError");
};

describe("split and merge", () => {
  it("splits at a word: the new half gets the id, a key between its neighbours, and its words' times", () => {
    const ctx = docContext(makeDoc([4, 3]));
    const applied = applyOp(ctx, { type: "split", utteranceId: "u0", firstWordId: "u0w2", newUtteranceId: "n1" });
    const [first, second] = applied.change.utterances.map((u) => u.after!);
    expect(first!.transcriptWords.map((w) => w.id)).toEqual(["u0w0", "u0w1"]);
    expect(first!.endTime).toBe(1.5);
    expect(first!.version).toBe(2);
    expect(second!).toMatchObject({ id: "n1", startTime: 2, endTime: 4, speakerId: "s1", version: 1 });
    expect(second!.transcriptWords.map((w) => [w.id, w.position])).toEqual([
      ["u0w2", 0],
      ["u0w3", 1],
    ]);
    expect(second!.orderKey > ctx.utterance("u0")!.orderKey && second!.orderKey < ctx.utterance("u1")!.orderKey).toBe(true);
    expect(applied.summary).toBe("Split utterance at 0:02");
  });

  it("refuses a split before the first word, a foreign word and a taken id; a retry is a no-op", () => {
    const ctx = docContext(makeDoc([4, 3]));
    expectOpError(
      () => applyOp(ctx, { type: "split", utteranceId: "u0", firstWordId: "u0w0", newUtteranceId: "n" }),
      422,
      EDIT_MESSAGES.splitAtFirstWord,
    );
    expectOpError(
      () => applyOp(ctx, { type: "split", utteranceId: "u0", firstWordId: "u1w1", newUtteranceId: "n" }),
      422,
      EDIT_MESSAGES.wordNotInUtterance,
    );
    expectOpError(
      () => applyOp(ctx, { type: "split", utteranceId: "u0", firstWordId: "u0w1", newUtteranceId: "u1" }),
      409,
      EDIT_MESSAGES.splitIdTaken,
    );
    const op: TranscriptOp = { type: "split", utteranceId: "u0", firstWordId: "u0w2", newUtteranceId: "n1" };
    ctx.apply(applyOp(ctx, op).change);
    expect(applyOp(ctx, op).change.utterances).toEqual([]);
  });

  it("merges the next utterance into the target; refuses the last one; a retry is a no-op", () => {
    const ctx = docContext(makeDoc([2, 3, 1]));
    expectOpError(
      () => applyOp(ctx, { type: "merge", targetUtteranceId: "u2", sourceUtteranceId: "x" }),
      422,
      EDIT_MESSAGES.mergeNothingFollows,
    );
    expectOpError(
      () => applyOp(ctx, { type: "merge", targetUtteranceId: "u0", sourceUtteranceId: "u2" }),
      409,
      EDIT_MESSAGES.mergeSourceMismatch,
    );
    const op: TranscriptOp = { type: "merge", targetUtteranceId: "u0", sourceUtteranceId: "u1" };
    const applied = applyOp(ctx, op);
    ctx.apply(applied.change);
    expect(ctx.list().map((u) => u.id)).toEqual(["u0", "u2"]);
    expect(ctx.utterance("u0")!.transcriptWords.map((w) => w.position)).toEqual([0, 1, 2, 3, 4]);
    expect(ctx.utterance("u0")!.endTime).toBe(6);
    expect(applyOp(ctx, op).change.utterances).toEqual([]);
  });

  it("changes the speaker only to a speaker of the transcript", () => {
    const ctx = docContext(makeDoc([2]));
    expectOpError(() => applyOp(ctx, { type: "set_speaker", utteranceId: "u0", speakerId: "nobody" }), 422, EDIT_MESSAGES.speakerNotFound);
    const applied = applyOp(ctx, { type: "set_speaker", utteranceId: "u0", speakerId: "s2" });
    expect(applied).toMatchObject({ type: "speaker_edited", summary: "Changed speaker to Bob at 0:00" });
    expect(applyOp(ctx, { type: "set_speaker", utteranceId: "u0", speakerId: "s1" }).change.utterances).toEqual([]);
  });

  it("refuses words that are not in the utterance, out-of-order times and empty text", () => {
    const ctx = docContext(makeDoc([3]));
    const op = (words: Extract<TranscriptOp, { type: "update_words" }>["words"]) => () =>
      applyOp(ctx, { type: "update_words", utteranceId: "u0", words });
    expectOpError(op([{ id: "u0w0" }, { id: "elsewhere" }]), 422, EDIT_MESSAGES.wordNotInUtterance);
    expectOpError(op([{ id: "u0w0" }, { id: "u0w0" }]), 422, EDIT_MESSAGES.duplicateWordId);
    expectOpError(op([{ id: "u0w1" }, { id: "u0w0" }]), 422, EDIT_MESSAGES.timesOutOfOrder);
    expectOpError(
      op([{ id: "n", text: "y", start_time: 0.5, end_time: 0.6, confidence_score: 1 }, { id: "u0w0" }]),
      422,
      EDIT_MESSAGES.timesOutOfOrder,
    );
    expectOpError(op([{ id: "u0w1", text: "a", end_time: 0.5, confidence_score: 1 }]), 422, EDIT_MESSAGES.timesOutOfOrder);
    expectOpError(op([{ id: "n", text: "x" }]), 422, EDIT_MESSAGES.newWordNeedsTimes);
    expectOpError(
      () => applyOp(ctx, { type: "update_words", utteranceId: "nope", words: [{ id: "a" }] }),
      404,
      EDIT_MESSAGES.utteranceNotFound,
    );
  });
});

describe("every change inverts exactly", () => {
  const opArb = fc.oneof(
    fc.record({ kind: fc.constant("split" as const), u: fc.nat(), w: fc.nat() }),
    fc.record({ kind: fc.constant("merge" as const), u: fc.nat() }),
    fc.record({ kind: fc.constant("speaker" as const), u: fc.nat() }),
    fc.record({ kind: fc.constant("delete" as const), u: fc.nat(), w: fc.nat() }),
  );

  it("undoing a random sequence of operations restores the original transcript and statistics", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
        fc.array(opArb, { maxLength: 12 }),
        (counts, ops) => {
          const original = makeDoc(counts);
          const ctx = docContext(original);
          const done: Change[] = [];
          let n = 0;
          for (const o of ops) {
            const list = ctx.list();
            const u = list[o.u % list.length]!;
            let op: TranscriptOp;
            if (o.kind === "split") {
              if (u.transcriptWords.length < 2) continue;
              op = {
                type: "split",
                utteranceId: u.id,
                firstWordId: u.transcriptWords[1 + (o.w % (u.transcriptWords.length - 1))]!.id,
                newUtteranceId: `n${n++}`,
              };
            } else if (o.kind === "merge") {
              const next = ctx.next(u.id);
              if (!next) continue;
              op = { type: "merge", targetUtteranceId: u.id, sourceUtteranceId: next.id };
            } else if (o.kind === "speaker") {
              op = { type: "set_speaker", utteranceId: u.id, speakerId: u.speakerId === "s1" ? "s2" : "s1" };
            } else {
              if (u.transcriptWords.length < 2) continue;
              const drop = o.w % u.transcriptWords.length;
              op = {
                type: "update_words",
                utteranceId: u.id,
                words: u.transcriptWords.filter((_, i) => i !== drop).map((w) => ({ id: w.id })),
              };
            }
            const { change } = applyOp(ctx, op);
            ctx.apply(change);
            done.push(change);
          }
          const words = ctx.list().reduce((sum, u) => sum + u.transcriptWords.length, 0);
          expect(done.reduce((sum, c) => sum + statsDelta(c).words, 0)).toBe(words - counts.reduce((a, b) => a + b, 0));
          for (const change of done.reverse()) ctx.apply(invertChange(change));
          expect(ctx.list()).toEqual(original);
        },
      ),
      { numRuns: 300 },
    );
  });
});
