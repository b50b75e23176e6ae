import { describe, expect, it } from "vitest";
import type { TranscriptOp } from "../../core/operations";
import type { SpeakerDto } from "../../core/transcript";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { utteranceRun } from "../support/utterances";

const utterances = (texts: string[]) => utteranceRun(texts);

const speakers: SpeakerDto[] = [
  {
    id: "s1",
    originalLabel: "A",
    name: null,
    role: null,
    displayName: "Speaker 1",
    position: 0,
    utteranceCount: 2,
    speakingPercentage: 100,
  },
  { id: "s2", originalLabel: "B", name: "Bo", role: null, displayName: "Bo", position: 1, utteranceCount: 0, speakingPercentage: 0 },
];

function setup(texts = ["hello teh world", "second one here"]) {
  const store = new TranscriptStore(utterances(texts), speakers);
  const queued: TranscriptOp[] = [];
  let now = 1_000;
  const editor = new TranscriptEditor({
    store,
    queue: {
      enqueue: (op) => {
        queued.push(op);
        return { opId: "x", op, enqueuedAt: now };
      },
    },
    clock: { now: () => now },
    newUtteranceId: () => "new-u",
  });
  return { store, editor, queued, tick: (ms: number) => (now += ms) };
}

describe("editor commands (optimistic, then queued)", () => {
  it("a text edit updates the utterance with flags and queues the spec's payload", () => {
    const { store, editor, queued } = setup();
    const events: string[] = [];
    store.subscribeUtterance("u0", (source) => events.push(source));
    expect(editor.editText("u0", "hello the world")).toBe(true);
    const word = store.utterance("u0")!.transcriptWords[1]!;
    expect(word).toMatchObject({ id: "u0w1", text: "the", isModified: true, originalConfidenceScore: 0.9 });
    expect(store.utterance("u0")!.version).toBe(2);
    expect(queued).toEqual([
      {
        type: "update_words",
        utteranceId: "u0",
        words: [{ id: "u0w0" }, { id: "u0w1", text: "the", end_time: 1.5, confidence_score: 0.9 }, { id: "u0w2" }],
      },
    ]);
    expect(events).toContain("typing");
    expect(editor.editText("u0", "hello the world")).toBe(false);
    expect(editor.editText("u0", "   ")).toBe(false);
    expect(queued).toHaveLength(1);
  });

  it("split inserts the new utterance after the original; merge puts it back", () => {
    const { store, editor, queued } = setup();
    let lists = 0;
    store.subscribeList(() => lists++);
    expect(editor.split("u0", "u0w1")).toBe("new-u");
    expect(store.utterances().map((u) => u.id)).toEqual(["u0", "new-u", "u1"]);
    expect(store.utterance("new-u")!.transcriptWords.map((w) => w.text)).toEqual(["teh", "world"]);
    expect(editor.mergeIntoPrevious("new-u")).toBe("u0");
    expect(store.utterances().map((u) => u.id)).toEqual(["u0", "u1"]);
    expect(store.utterance("u0")!.transcriptWords.map((w) => w.text)).toEqual(["hello", "teh", "world"]);
    expect(queued.map((op) => op.type)).toEqual(["split", "merge"]);
    expect(lists).toBe(2);
    // Nothing before the first utterance, and no split before the first word.
    expect(editor.mergeIntoPrevious("u0")).toBeNull();
    expect(editor.split("u0", "u0w0")).toBeNull();
  });

  it("a speaker change and the confidence cycle are queued; unknown speakers are refused", () => {
    const { store, editor, queued } = setup();
    expect(editor.setSpeaker("u1", "s2")).toBe(true);
    expect(store.utterance("u1")!.speakerId).toBe("s2");
    expect(editor.setSpeaker("u1", "nobody")).toBe(false);
    expect(editor.cycleConfidence("u0", "u0w2")).toBe(0);
    expect(store.utterance("u0")!.transcriptWords[2]).toMatchObject({ confidenceScore: 0, isModified: true });
    expect(queued.map((op) => op.type)).toEqual(["set_speaker", "update_words"]);
  });

  it("after a save, flags clear unless the word changed again since; the server's version is confirmed", () => {
    const { store, editor, tick } = setup();
    editor.editText("u0", "hello the world");
    const savedAt = 1_000;
    tick(10);
    editor.editText("u0", "hello the whole world");
    const op = { type: "update_words", utteranceId: "u0", words: [] } as TranscriptOp;
    const server = { ...store.utterance("u0")!, version: 2 };
    editor.saved(op, { utterances: [server], removedUtteranceIds: [] }, savedAt, () => true);
    expect(store.confirmedVersion("u0")).toBe(2);
    const words = store.utterance("u0")!.transcriptWords;
    expect(words.find((w) => w.text === "the")!.isModified).toBeUndefined();
    expect(words.find((w) => w.text === "whole")!.isNew).toBe(true);
  });

  it("a fresh server list replaces everything except utterances with unsaved edits", () => {
    const { store, editor } = setup();
    editor.editText("u0", "hello the world");
    const fresh = utterances(["hello teh world", "changed elsewhere"]).map((u) => ({ ...u, version: 5 }));
    store.mergeServer(fresh, (id) => id === "u0");
    expect(store.utterance("u0")!.transcriptWords[1]!.text).toBe("the");
    expect(store.confirmedVersion("u0")).toBe(1);
    expect(store.utterance("u1")!.transcriptWords.map((w) => w.text)).toEqual(["changed", "elsewhere"]);
    store.mergeServer(fresh.slice(0, 1), () => false);
    expect(store.utterances().map((u) => u.id)).toEqual(["u0"]);
    expect(store.utterance("u0")!.transcriptWords[1]!.text).toBe("teh");
  });

  it("replays stored operations on a fresh load and drops those that no longer apply", () => {
    const { store, editor } = setup();
    const ops: TranscriptOp[] = [
      { type: "split", utteranceId: "u0", firstWordId: "u0w2", newUtteranceId: "later" },
      {
        type: "update_words",
        utteranceId: "u1",
        words: [{ id: "u1w0", text: "2nd", end_time: 3.5, confidence_score: 1 }, { id: "u1w1" }, { id: "u1w2" }],
      },
      { type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "gone" },
    ];
    // The merge has nothing to merge any more (no utterance follows u1): dropped.
    expect(editor.replay(ops)).toEqual(ops.slice(0, 2));
    expect(store.utterances().map((u) => u.id)).toEqual(["u0", "later", "u1"]);
    expect(store.utterance("u1")!.transcriptWords[0]).toMatchObject({ text: "2nd", isModified: true });
    expect(editor.replay([{ type: "split", utteranceId: "nope", firstWordId: "x", newUtteranceId: "y" }])).toEqual([]);
  });
});
