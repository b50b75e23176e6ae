import { describe, expect, it } from "vitest";
import { initialKeys } from "../../core/order-keys";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { mergeOverCopy } from "../../web/src/editor/open/revalidate";
import { utterance as build } from "../support/utterances";

const keys = initialKeys(300);
const utterance = (id: string, at: number, text: string, version: number) =>
  build(id, text, { at, position: at, orderKey: keys[at]!, version, wordStep: 0.1, wordLength: 0.05 });

const text = (store: TranscriptStore, id: string) =>
  store
    .utterance(id)
    ?.transcriptWords.map((w) => w.text)
    .join(" ");

describe("the server's answer over a copy shown from this browser", () => {
  /** The copy: four utterances at version 1. */
  function shown() {
    const copy = [utterance("u1", 0, "copy one", 1), utterance("u2", 1, "copy two", 1), utterance("u3", 2, "copy three", 1)];
    const store = new TranscriptStore(copy);
    return { store, versions: new Map(copy.map((u) => [u.id, u.version])) };
  }

  it("replaces what the copy had stale, adds what it lacked and drops what the server no longer has", () => {
    const { store, versions } = shown();
    mergeOverCopy(
      store,
      [utterance("u1", 0, "server one", 4), utterance("u2", 1, "copy two", 1), utterance("u4", 3, "new", 1)],
      versions,
      () => false,
    );
    expect(store.utterances().map((u) => u.id)).toEqual(["u1", "u2", "u4"]);
    expect(text(store, "u1")).toBe("server one");
    expect(store.confirmedVersion("u1")).toBe(4);
  });

  it("keeps an unsaved edit with the copy's version, so the server refuses it if the copy was stale", () => {
    const { store, versions } = shown();
    // Typed into the copy: the local state runs ahead, the confirmed version stays the copy's.
    store.replaceWords("u1", utterance("u1", 0, "typed here", 2).transcriptWords, "typing");
    mergeOverCopy(store, [utterance("u1", 0, "another tab", 3), utterance("u2", 1, "copy two", 1)], versions, (id) => id === "u1");
    expect(text(store, "u1")).toBe("typed here");
    expect(store.confirmedVersion("u1")).toBe(1);
    // Not kept: follows the server (u3 is gone there).
    expect(store.utterance("u3")).toBeUndefined();
  });

  it("never goes back from a save the server confirmed after its answer was read", () => {
    const { store, versions } = shown();
    store.reconcile({ utterances: [utterance("u2", 1, "saved here", 2)], removedUtteranceIds: [] });
    // The answer was read before that save.
    mergeOverCopy(store, [utterance("u1", 0, "copy one", 1), utterance("u2", 1, "copy two", 1)], versions, () => false);
    expect(text(store, "u2")).toBe("saved here");
    expect(store.confirmedVersion("u2")).toBe(2);
  });

  it("keeps a new half of a split saved meanwhile, absent from an answer read before it", () => {
    const { store, versions } = shown();
    store.reconcile({ utterances: [utterance("u5", 4, "split half", 1)], removedUtteranceIds: [] });
    mergeOverCopy(
      store,
      [utterance("u1", 0, "copy one", 1), utterance("u2", 1, "copy two", 1), utterance("u3", 2, "copy three", 1)],
      versions,
      () => false,
    );
    expect(text(store, "u5")).toBe("split half");
  });

  it("merges a whole transcript in over its first screenful at once, in order, keeping an edit typed meanwhile", () => {
    const whole = Array.from({ length: 300 }, (_, i) => utterance(`u${i}`, i, `server ${i}`, 1));
    const head = whole.slice(0, 40);
    const store = new TranscriptStore(head);
    const heard: string[] = [];
    store.subscribeList(() => heard.push("list"));
    store.replaceWords("u3", utterance("u3", 3, "typed early", 2).transcriptWords, "typing");
    // A save confirmed before the whole came (read before it): the store's is newer.
    store.reconcile({ utterances: [utterance("u5", 5, "saved early", 2)], removedUtteranceIds: [] });
    // In any order: the store sorts by order key.
    mergeOverCopy(store, [...whole].reverse(), new Map(head.map((u) => [u.id, u.version])), (id) => id === "u3");
    expect(store.utterances().map((u) => u.id)).toEqual(whole.map((u) => u.id));
    expect(text(store, "u3")).toBe("typed early");
    expect(store.confirmedVersion("u3")).toBe(1);
    expect(text(store, "u5")).toBe("saved early");
    expect(text(store, "u299")).toBe("server 299");
    expect(store.utterances().map((u) => u.position)).toEqual(whole.map((_, i) => i));
    expect(heard.length).toBeGreaterThan(0);
  });
});
