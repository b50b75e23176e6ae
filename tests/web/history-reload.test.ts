// Undo after a re-transcription's undo: the whole-list reload the first answer
// asks for must not put its (older) list over the next step's answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialKeys, keyBetween } from "../../core/order-keys";
import type { UtteranceDto } from "../../core/transcript";
import type { OperationResultDto } from "../../core/operation-results";
import { type HistoryDirection, UndoHistory } from "../../web/src/editor/model/history-actions";
import { reloadAll } from "../../web/src/editor/model/reload-all";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { settle } from "./fake-clock";
import { utterance } from "./utterance-fixture";

const texts = (store: TranscriptStore) => store.utterances().map((u) => `${u.id}:${u.transcriptWords.map((w) => w.text).join(" ")}`);

/** A server whose answers the test releases one by one, in any order. */
class FakeServer {
  private readonly waiting: { what: string; resolve: (value: never) => void }[] = [];
  asked: string[] = [];

  private deferred<T>(what: string): Promise<T> {
    this.asked.push(what);
    return new Promise<T>((resolve) => this.waiting.push({ what, resolve: resolve as (value: never) => void }));
  }
  step = (direction: HistoryDirection) => this.deferred<OperationResultDto>(direction);
  list = () => this.deferred<UtteranceDto[]>("list");

  async answer(what: string, value: unknown): Promise<void> {
    const i = this.waiting.findIndex((w) => w.what === what);
    if (i < 0) throw new Error(`nothing asked: ${what}`);
    const [next] = this.waiting.splice(i, 1);
    next!.resolve(value as never);
    await settle();
  }
}

const keys = initialKeys(3);

function setup() {
  // The re-transcribed transcript the editor shows.
  const store = new TranscriptStore([utterance("n0", keyBetween(keys[2]!, null), "new words", 1)]);
  const server = new FakeServer();
  const history = new UndoHistory({
    flush: () => Promise.resolve(true),
    ask: server.step,
    apply: (result) => store.reconcile(result),
    reload: () => void reloadAll(store, server.list, () => false),
  });
  return { store, server, history };
}

describe("undo while a whole-list reload is on its way", () => {
  it("keeps the next undo's answer when the list read before it arrives later", async () => {
    const { store, server, history } = setup();
    // Undo the re-transcription: the old transcript (u0, u1, u2) comes back; the answer says reload.
    void history.undo();
    await settle();
    await server.answer("undo", { utterances: [], removedUtteranceIds: [], reload: true });
    expect(server.asked).toEqual(["undo", "list"]);
    // The next undo (a split of u0 into u0 and h) is answered before the list.
    void history.undo();
    await settle();
    const half = utterance("h", keyBetween(keys[0]!, keys[1]!), "half", 1);
    await server.answer("undo", { utterances: [utterance("u0", keys[0]!, "one", 3), half], removedUtteranceIds: ["u1"] });
    expect(texts(store)).toEqual(["u0:one", "h:half", "n0:new words"]);
    // The list was read before that undo: u0 at version 2 with the split's words, u1 still there.
    await server.answer("list", [
      utterance("u0", keys[0]!, "one half", 2),
      utterance("u1", keys[1]!, "two", 5),
      utterance("u2", keys[2]!, "three", 1),
    ]);
    expect(texts(store)).toEqual(["u0:one", "h:half", "u2:three"]);
    expect(store.confirmedVersion("u0")).toBe(3);
    expect(store.confirmedVersion("u1")).toBeUndefined();
  });

  it("still follows a list read after the answers it holds", async () => {
    const { store, server, history } = setup();
    void history.undo();
    await settle();
    await server.answer("undo", { utterances: [], removedUtteranceIds: [], reload: true });
    await server.answer("list", [utterance("u0", keys[0]!, "one", 2), utterance("u1", keys[1]!, "two", 1)]);
    expect(texts(store)).toEqual(["u0:one", "u1:two"]);
    expect(store.confirmedVersion("u0")).toBe(2);
  });
});

describe("a whole list merged into the store", () => {
  it("never lowers a confirmed version nor brings back an utterance removed since it was read (any order of answers)", () => {
    fc.assert(
      fc.property(
        // Per utterance: the version the list has and the version a later answer confirmed (0: the answer removed it).
        fc.array(fc.record({ listed: fc.integer({ min: 1, max: 9 }), answered: fc.integer({ min: 0, max: 9 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (rows) => {
          const k = initialKeys(rows.length);
          const store = new TranscriptStore(rows.map((_, i) => utterance(`u${i}`, k[i]!, "old", 1)));
          const since = store.serverMark();
          const answered = rows.flatMap((r, i) => (r.answered > 0 ? [utterance(`u${i}`, k[i]!, "answered", r.answered)] : []));
          const removed = rows.flatMap((r, i) => (r.answered === 0 ? [`u${i}`] : []));
          store.reconcile({ utterances: answered, removedUtteranceIds: removed });
          store.mergeServer(
            rows.map((r, i) => utterance(`u${i}`, k[i]!, "listed", r.listed)),
            () => false,
            since,
          );
          rows.forEach((r, i) => {
            if (r.answered === 0) expect(store.utterance(`u${i}`)).toBeUndefined();
            else expect(store.confirmedVersion(`u${i}`)).toBe(r.answered);
          });
        },
      ),
    );
  });
});
