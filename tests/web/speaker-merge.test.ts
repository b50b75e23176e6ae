import { describe, expect, it } from "vitest";
import { initialKeys } from "../../core/order-keys";
import { applySpeakerMerge, MERGE_SPEAKERS_MESSAGES, SpeakerMergeError } from "../../core/speaker-merge";
import { BODY_SCHEMAS, fromRequest, toRequest } from "../../common/transcript-ops";
import { touches, type TranscriptOp } from "../../core/operations";
import type { SpeakerDto } from "../../core/transcript";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { utterance } from "../support/utterances";

const speakers: SpeakerDto[] = [
  {
    id: "s1",
    originalLabel: "A",
    name: null,
    role: null,
    displayName: "Speaker 1",
    position: 0,
    utteranceCount: 2,
    speakingPercentage: 50,
  },
  { id: "s2", originalLabel: "B", name: "Bo", role: null, displayName: "Bo", position: 1, utteranceCount: 1, speakingPercentage: 50 },
];

function utterances(speakerIds: string[]) {
  const keys = initialKeys(speakerIds.length);
  return speakerIds.map((speakerId, i) => utterance(`u${i}`, "hi", { at: i, speakerId, position: i, orderKey: keys[i]!, version: 3 }));
}

function setup() {
  const store = new TranscriptStore(utterances(["s1", "s2", "s1"]), speakers);
  const queued: TranscriptOp[] = [];
  const editor = new TranscriptEditor({
    store,
    queue: {
      enqueue: (op) => {
        queued.push(op);
        return { opId: "x", op, enqueuedAt: 0 };
      },
    },
    clock: { now: () => 0 },
  });
  return { store, editor, queued };
}

describe("merging speakers in the editor", () => {
  it("gives every utterance of the speaker to the other at once and queues one operation", () => {
    const { store, editor, queued } = setup();
    const seen: string[] = [];
    store.subscribeUtterance("u0", (source) => seen.push(source));
    expect(editor.mergeSpeakers("s1", "s2")).toBe(true);
    expect(store.utterances().map((u) => [u.speakerId, u.version])).toEqual([
      ["s2", 4],
      ["s2", 3],
      ["s2", 4],
    ]);
    expect(seen).toEqual(["local"]);
    expect(queued).toEqual([{ type: "merge_speakers", speakerId: "s1", intoSpeakerId: "s2" }]);
    // The versions sent stay those the server confirmed.
    expect(store.confirmedVersion("u0")).toBe(3);
  });

  it("the server's answer names only new speakers and versions: they become confirmed, the words stay", () => {
    const { store, editor } = setup();
    editor.mergeSpeakers("s1", "s2");
    const words = store.utterance("u0")!.transcriptWords;
    store.reconcile({
      utterances: [],
      removedUtteranceIds: [],
      moved: [
        { id: "u0", speakerId: "s2", version: 4 },
        { id: "u2", speakerId: "s2", version: 4 },
      ],
    });
    expect(store.confirmedVersion("u0")).toBe(4);
    expect(store.utterance("u0")!.transcriptWords).toBe(words);
    // An undo answers the moves back.
    store.reconcile({ utterances: [], removedUtteranceIds: [], moved: [{ id: "u0", speakerId: "s1", version: 5 }] });
    expect(store.utterance("u0")).toMatchObject({ speakerId: "s1", version: 5 });
    expect(store.utterance("u0")!.transcriptWords).toEqual(words);
    expect(store.confirmedVersion("u0")).toBe(5);
  });

  it("refuses merging into itself or with an unknown speaker, and queues nothing", () => {
    const { store, editor, queued } = setup();
    expect(editor.mergeSpeakers("s1", "s1")).toBe(false);
    expect(editor.mergeSpeakers("s1", "nobody")).toBe(false);
    expect(editor.mergeSpeakers("nobody", "s1")).toBe(false);
    expect(queued).toEqual([]);
    expect(store.utterances().map((u) => u.speakerId)).toEqual(["s1", "s2", "s1"]);
  });

  it("names the history entry after both speakers", () => {
    const { store } = setup();
    const applied = applySpeakerMerge(store, { type: "merge_speakers", speakerId: "s1", intoSpeakerId: "s2" });
    expect(applied.summary).toBe(`Merged "Speaker 1" into "Bo"`);
    expect(applied.type).toBe("speaker_edited");
    expect(() => applySpeakerMerge(store, { type: "merge_speakers", speakerId: "s2", intoSpeakerId: "s2" })).toThrow(
      new SpeakerMergeError(422, MERGE_SPEAKERS_MESSAGES.intoItself),
    );
  });

  it("goes on the wire to the speaker's path with into_speaker_id, and decodes to the same operation", () => {
    const op: TranscriptOp = { type: "merge_speakers", speakerId: "s1", intoSpeakerId: "s2" };
    const request = toRequest(op, () => 7);
    expect(request).toEqual({ type: "merge_speakers", utteranceId: "s1", body: { into_speaker_id: "s2" } });
    const received = fromRequest(
      "merge_speakers",
      request.utteranceId,
      BODY_SCHEMAS.merge_speakers.parse(JSON.parse(JSON.stringify(request.body))),
    );
    expect(received).toEqual(op);
    // It names no utterance up front: which ones move is the server's to say when it runs.
    expect(touches(op)).toEqual([]);
    expect(BODY_SCHEMAS.merge_speakers.safeParse({}).success).toBe(false);
  });
});
