// The editor against a colleague's edits of the same utterance (decision 052): the save queue
// sends to a stand-in server that runs the real rules (core/decide.ts with the word merge), and the
// session's two hooks are wired as editor-session.ts wires them.
import { describe, expect, it } from "vitest";
import type { UtteranceState } from "../../core/change";
import { decide } from "../../core/decide";
import type { TranscriptOp, WordPatch } from "../../core/operations";
import { StaleUtterances } from "../../core/refusal";
import type { UtteranceDto } from "../../core/transcript";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { type PendingOp, SaveQueue, type SendOutcome } from "../../web/src/editor/model/save-queue";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { withMine, wordConflictOf } from "../../web/src/editor/model/word-conflicts";
import { FakeClock } from "./fake-clock";
import { utterance } from "./utterance-fixture";

/** One utterance on the server, every version of it kept (what the store's history walk finds). */
class StandInServer {
  readonly versions: UtteranceState[];
  constructor(first: UtteranceDto) {
    this.versions = [first];
  }
  get now(): UtteranceState {
    return this.versions[this.versions.length - 1]!;
  }
  private commit(req: Extract<TranscriptOp, { type: "update_words" }>, version: number | undefined): UtteranceState | null {
    const now = this.now;
    const ctx = { utterance: (id: string) => (id === now.id ? now : undefined), next: () => undefined, speakerName: () => undefined };
    const applied = decide(ctx, { ...req, version }, req, (_, v) => this.versions.find((s) => s.version === v));
    const after = applied?.change.utterances[0]?.after ?? null;
    if (after) this.versions.push(after);
    return after;
  }
  /** A colleague's save, made on the version the server has. */
  colleague(words: (u: UtteranceState) => WordPatch[]): void {
    this.commit({ type: "update_words", utteranceId: this.now.id, words: words(this.now) }, this.now.version);
  }
  /** What the transport gets back for this tab's request, sent with the version the tab last confirmed. */
  answer(pending: PendingOp, version: number | undefined): SendOutcome {
    const op = pending.op as Extract<TranscriptOp, { type: "update_words" }>;
    try {
      this.commit(op, version);
      return { kind: "ok", result: { utterances: [this.now], removedUtteranceIds: [] } };
    } catch (error) {
      if (!(error instanceof StaleUtterances)) throw error;
      const data = { utterances: error.utterances, ...(error.conflicts ? { conflicts: error.conflicts } : {}) };
      return { kind: "permanent", status: 409, message: error.message, body: { error: error.message, data } };
    }
  }
}

/** A tab on the file: its store, editor and queue, sending to the stand-in; requests answered when the test says. */
function tab(server: StandInServer) {
  const clock = new FakeClock();
  const store = new TranscriptStore([server.now]);
  const held: { pending: PendingOp; version: number | undefined; resolve: (o: SendOutcome) => void }[] = [];
  /** Refusals the editor could not turn into a conflict shown at the utterance (none expected). */
  const refused: string[] = [];
  let editor: TranscriptEditor;
  const queue: SaveQueue = new SaveQueue({
    clock,
    send: (pending) =>
      new Promise((resolve) => {
        const id = (pending.op as Extract<TranscriptOp, { type: "update_words" }>).utteranceId;
        held.push({ pending, version: store.confirmedVersion(id), resolve });
      }),
    onSaved: (pending, result) => editor.saved(pending.op, result, pending.enqueuedAt, (id) => queue.pendingFor(id)),
    onRejected: (pending, failure) => {
      const conflict = wordConflictOf(pending.op, failure);
      if (conflict && editor.conflicted(conflict.utteranceId, conflict.current)) return true;
      refused.push(failure.message);
      return false;
    },
  });
  editor = new TranscriptEditor({ store, queue, clock });
  const text = () =>
    store
      .utterance("u")!
      .transcriptWords.map((w) => w.text)
      .join(" ");
  return {
    store,
    editor,
    queue,
    clock,
    text,
    refused,
    /** Lets the debounce pass and the server answer what is in flight (the request was made when sent). */
    async deliver() {
      await clock.advance(1_500);
      const next = held.shift();
      if (!next) throw new Error("nothing in flight");
      next.resolve(server.answer(next.pending, next.version));
      await clock.advance(10);
    },
    async sendOnly() {
      await clock.advance(1_500);
      expect(held).toHaveLength(1);
    },
  };
}

const retype = (at: number, text: string) => (u: UtteranceState) =>
  u.transcriptWords.map((w, i) => (i === at ? { id: w.id, text, end_time: w.endTime, confidence_score: w.confidenceScore } : { id: w.id }));

describe("word conflicts in the editor", () => {
  it("a word both changed: the other words are saved, both texts are shown, and Use mine saves the person's", async () => {
    const server = new StandInServer(utterance("u", "a0", "hello teh world"));
    const me = tab(server);
    me.editor.editText("u", "hello ten word");
    server.colleague(retype(1, "the"));
    await me.deliver();

    // Their word shows, mine waits at the utterance; the rest of my edit is on its way.
    expect(me.text()).toBe("hello the word");
    expect(me.editor.conflicts.get("u")?.words).toEqual([{ id: "uw1", theirs: "the", yours: "ten" }]);
    await me.deliver();
    expect(server.now.transcriptWords.map((w) => w.text)).toEqual(["hello", "the", "word"]);

    expect(me.editor.takeMine("u")).toBe(true);
    expect(me.editor.conflicts.get("u")).toBeUndefined();
    expect(me.text()).toBe("hello ten word");
    await me.deliver();
    expect(server.now.transcriptWords.map((w) => w.text)).toEqual(["hello", "ten", "word"]);
    expect(me.queue.hasUnsent()).toBe(false);
    expect(me.refused).toEqual([]);
  });

  it("Keep theirs leaves the colleague's word and asks no more", async () => {
    const server = new StandInServer(utterance("u", "a0", "hello teh world"));
    const me = tab(server);
    me.editor.editText("u", "hello ten world");
    server.colleague(retype(1, "the"));
    await me.deliver();
    expect(me.editor.conflicts.get("u")).toBeDefined();
    // Taken care of at the utterance: not a save error.
    expect(me.queue.getStatus().state).toBe("synced");
    me.editor.keepTheirs("u");
    expect(me.editor.conflicts.get("u")).toBeUndefined();
    expect(me.text()).toBe("hello the world");
    expect(me.queue.hasUnsent()).toBe(false);
    expect(me.queue.getStatus().state).toBe("synced");
  });

  it("a save merged with a colleague's change while more edits wait: those move onto the merged words", async () => {
    const server = new StandInServer(utterance("u", "a0", "hello teh big world"));
    const me = tab(server);
    me.editor.editText("u", "hello teh big word");
    server.colleague((u) => u.transcriptWords.filter((w) => w.text !== "big").map((w) => ({ id: w.id })));
    await me.sendOnly();
    // Typed while the first save is on its way, on the words without the colleague's deletion, and
    // changing again the word that save carries.
    me.editor.editText("u", "hello the big words");
    await me.deliver();
    expect(me.text()).toBe("hello the words");
    await me.deliver();
    expect(server.now.transcriptWords.map((w) => w.text)).toEqual(["hello", "the", "words"]);
    expect(me.queue.hasUnsent()).toBe(false);
    expect(me.refused).toEqual([]);
  });

  it("Use mine puts back a word the colleague removed, after the word it followed", () => {
    const mine = utterance("u", "a0", "one two three").transcriptWords;
    const now = [mine[0]!, mine[2]!];
    const words = withMine(now, { utteranceId: "u", words: [{ id: "uw1", theirs: null, yours: "two" }], mine }, 5);
    expect(words.map((w) => [w.text, w.position, w.isNew])).toEqual([
      ["one", 0, undefined],
      ["two", 1, true],
      ["three", 2, undefined],
    ]);
  });
});
