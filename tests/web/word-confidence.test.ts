// The confidence cycle (docs/product.md#transcript-editor) across saves: the transcribed confidence
// travels with the word, so the cycle survives the flags a save clears and a reload.
import { describe, expect, it } from "vitest";
import { applyOp, type OpContext } from "../../core/transcript-apply";
import type { TranscriptOp } from "../../core/operations";
import type { UtteranceState } from "../../core/change";
import { nextConfidence } from "../../core/word-diff";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";

function utterance(confidences: number[]): UtteranceState {
  return {
    id: "u0",
    speakerId: "s1",
    startTime: 0,
    endTime: confidences.length,
    position: 0,
    confidenceScore: 0.5,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: confidences.map((c, k) => ({
      id: `w${k}`,
      text: `word${k}`,
      startTime: k,
      endTime: k + 0.5,
      position: k,
      confidenceScore: c,
      hasEntities: false,
    })),
    orderKey: "a0",
    version: 1,
  };
}

/** A server holding one utterance and applying operations the way the Worker does. */
function server(initial: UtteranceState) {
  let stored = initial;
  const ctx: OpContext = { utterance: (id) => (id === stored.id ? stored : undefined), next: () => undefined, speakerName: () => "A" };
  return {
    apply(op: TranscriptOp) {
      const after = applyOp(ctx, op).change.utterances[0]?.after;
      if (after) stored = after;
      return stored;
    },
    get stored() {
      return stored;
    },
  };
}

function setup(confidences: number[]) {
  const remote = server(utterance(confidences));
  const queued: TranscriptOp[] = [];
  let now = 1_000;
  const editor = new TranscriptEditor({
    store: new TranscriptStore([remote.stored], []),
    queue: {
      enqueue: (op) => {
        queued.push(op);
        return { opId: "x", op, enqueuedAt: now };
      },
    },
    clock: { now: () => now },
  });
  /** Ctrl+I on word k, then the save completes and the server's answer is reconciled. */
  const pressAndSave = (k: number) => {
    editor.cycleConfidence("u0", `w${k}`);
    const op = queued.pop()!;
    const saved = remote.apply(op);
    editor.saved(op, { utterances: [saved], removedUtteranceIds: [] }, now, () => false);
    now += 1_000;
    return { client: editor.store.utterance("u0")!.transcriptWords[k]!.confidenceScore, server: saved.transcriptWords[k]!.confidenceScore };
  };
  return { pressAndSave };
}

describe("the word confidence cycle across saves", () => {
  it("toggles a confident word between 0 and its original, whatever the saves in between", () => {
    const { pressAndSave } = setup([0.89, 0.95]);
    const seen = [1, 2, 3, 4].map(() => pressAndSave(0));
    expect(seen).toEqual([
      { client: 0, server: 0 },
      { client: 0.89, server: 0.89 },
      { client: 0, server: 0 },
      { client: 0.89, server: 0.89 },
    ]);
  });

  it("cycles a low-confidence word original, 0, 1, 0, 1", () => {
    const { pressAndSave } = setup([0.61]);
    expect([1, 2, 3, 4].map(() => pressAndSave(0).server)).toEqual([0, 1, 0, 1]);
  });

  it("keeps the original from a stored word, as after a reload", () => {
    const remote = server(utterance([0.89]));
    remote.apply({ type: "update_words", utteranceId: "u0", words: [{ id: "w0", confidence_score: 0 }] });
    const word = remote.stored.transcriptWords[0]!;
    expect(word).toMatchObject({ confidenceScore: 0, originalConfidenceScore: 0.89 });
    expect(nextConfidence(word)).toBe(0.89);
    expect(nextConfidence({ confidenceScore: 0.89, originalConfidenceScore: 0.89 })).toBe(0);
  });
});

describe("applyOp keeps the transcribed confidence", () => {
  it("from a word's first edit on; untouched and new words have none", () => {
    const remote = server(utterance([0.7, 0.9]));
    remote.apply({ type: "update_words", utteranceId: "u0", words: [{ id: "w0", text: "renamed" }, { id: "w1" }] });
    expect(remote.stored.transcriptWords[0]).toMatchObject({ confidenceScore: 0.7, originalConfidenceScore: 0.7 });
    remote.apply({ type: "update_words", utteranceId: "u0", words: [{ id: "w0", confidence_score: 0 }, { id: "w1" }] });
    remote.apply({ type: "update_words", utteranceId: "u0", words: [{ id: "w0", confidence_score: 1 }, { id: "w1" }] });
    expect(remote.stored.transcriptWords[0]).toMatchObject({ text: "renamed", confidenceScore: 1, originalConfidenceScore: 0.7 });
    expect(remote.stored.transcriptWords[1]).not.toHaveProperty("originalConfidenceScore");
    remote.apply({
      type: "update_words",
      utteranceId: "u0",
      words: [{ id: "w0" }, { id: "w1" }, { id: "n", text: "new", start_time: 2, end_time: 2.5, confidence_score: 0.3 }],
    });
    expect(remote.stored.transcriptWords[2]).not.toHaveProperty("originalConfidenceScore");
  });
});
