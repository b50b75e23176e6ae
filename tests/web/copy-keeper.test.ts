import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialKeys } from "../../core/order-keys";
import type { SpeakerDto } from "../../core/transcript";
import { authState } from "../../web/src/auth/store";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { CopyKeeper } from "../../web/src/editor/open/copy-keeper";
import { clearLocalCopies, localCopies, type TranscriptCopy } from "../../web/src/editor/open/local-copy";
import { utterance as build } from "../support/utterances";

const keys = initialKeys(2);
const utterance = (id: string, at: number, version: number) => build(id, "hello", { at, position: at, orderKey: keys[at]!, version });

const speaker = (displayName: string): SpeakerDto => ({
  id: "s1",
  originalLabel: "A",
  name: displayName === "Speaker A" ? null : displayName,
  role: null,
  displayName,
  position: 0,
  utteranceCount: 2,
  speakingPercentage: 100,
});

const answer = (speakers: SpeakerDto[]): TranscriptCopy => ({ utterances: '{"data":"server"}', head: '{"data":"head"}', speakers, at: 0 });

/** Lets idb-keyval's writes land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the copy of an open transcript keeps the speakers the server confirmed", () => {
  let pending = 0;
  let store: TranscriptStore;
  let keeper: CopyKeeper;

  beforeEach(async () => {
    vi.stubGlobal("document", { visibilityState: "visible", addEventListener: () => {}, removeEventListener: () => {} });
    authState.user = { id: "u1" } as typeof authState.user;
    await clearLocalCopies();
    pending = 0;
    store = new TranscriptStore([utterance("a", 0, 1), utterance("b", 1, 1)], [speaker("Speaker A")]);
    keeper = new CopyKeeper({ user: "u1", fileId: "f1", store, queue: { getStatus: () => ({ pending }) as never } });
  });

  afterEach(() => {
    authState.user = null;
    vi.unstubAllGlobals();
  });

  it("writes the server's answer with the server's speakers, not an unsaved rename held in the store", async () => {
    store.putSpeaker(speaker("Renamed here"));
    pending = 1;
    keeper.keep(answer([speaker("Speaker A")]));
    await settle();
    expect((await localCopies()!.read("u1", "f1"))?.speakers.map((s) => s.displayName)).toEqual(["Speaker A"]);
    keeper.dispose();
    await settle();
    // Closing with the rename still unsaved keeps the server's answer.
    expect((await localCopies()!.read("u1", "f1"))?.speakers.map((s) => s.displayName)).toEqual(["Speaker A"]);
  });

  it("on closing, once every edit is saved, keeps the store's speakers and utterances", async () => {
    keeper.keep(answer([speaker("Speaker A")]));
    await settle();
    store.putSpeaker(speaker("Alice"));
    keeper.dispose();
    await settle();
    const copy = await localCopies()!.read("u1", "f1");
    expect(copy?.speakers.map((s) => s.displayName)).toEqual(["Alice"]);
    expect(copy?.utterances).not.toBe('{"data":"server"}');
  });

  it("follows the saved state a moment after every edit is saved, while the file stays open", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      keeper.keep(answer([speaker("Speaker A")]));
      store.putSpeaker(speaker("Alice"));
      keeper.saved();
      // Quiet long enough: the copy holds the saved rename without the file being closed.
      await vi.advanceTimersByTimeAsync(2_000);
    } finally {
      vi.useRealTimers();
    }
    await settle();
    expect((await localCopies()!.read("u1", "f1"))?.speakers.map((s) => s.displayName)).toEqual(["Alice"]);
    keeper.dispose();
  });
});
