import { describe, expect, it } from "vitest";
import { initialKeys, keyBetween } from "../../core/order-keys";
import type { UtteranceDto } from "../../core/transcript";
import { applyRemoteChange } from "../../web/src/editor/model/remote-change";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { utterance } from "./utterance-fixture";

const keys = initialKeys(3);
const initial = () => [utterance("u0", keys[0]!, "one"), utterance("u1", keys[1]!, "two"), utterance("u2", keys[2]!, "three")];
const texts = (store: TranscriptStore) => store.utterances().map((u) => `${u.id}:${u.transcriptWords.map((w) => w.text).join(" ")}`);

/** The server as another tab left it; records what was asked for. */
function server(list: UtteranceDto[]) {
  const asked: string[][] = [];
  const fetch = async (ids: string[]) => {
    asked.push(ids);
    return list.filter((u) => ids.includes(u.id));
  };
  return { asked, fetch };
}

describe("applying another tab's change", () => {
  it("fetches only the utterances the message names and merges them", async () => {
    const store = new TranscriptStore(initial());
    const { asked, fetch } = server([utterance("u1", keys[1]!, "two edited", 2)]);
    await applyRemoteChange(store, { utterance_ids: ["u1"], removed_utterance_ids: [] }, fetch, () => false);
    expect(asked).toEqual([["u1"]]);
    expect(texts(store)).toEqual(["u0:one", "u1:two edited", "u2:three"]);
    expect(store.confirmedVersion("u1")).toBe(2);
  });

  it("inserts a split's new half in order and removes what a merge removed, without fetching it", async () => {
    const store = new TranscriptStore(initial());
    const half = utterance("n1", keyBetween(keys[0]!, keys[1]!), "half", 1);
    const { asked, fetch } = server([utterance("u0", keys[0]!, "one two", 3), half]);
    await applyRemoteChange(store, { utterance_ids: ["u0", "n1"], removed_utterance_ids: ["u1"] }, fetch, () => false);
    expect(asked).toEqual([["u0", "n1"]]);
    expect(texts(store)).toEqual(["u0:one two", "n1:half", "u2:three"]);
  });

  it("drops a named utterance the server no longer has (merged away since)", async () => {
    const store = new TranscriptStore(initial());
    const { fetch } = server([utterance("u1", keys[1]!, "two three", 4)]);
    await applyRemoteChange(store, { utterance_ids: ["u1", "u2"], removed_utterance_ids: [] }, fetch, () => false);
    expect(texts(store)).toEqual(["u0:one", "u1:two three"]);
    expect(store.confirmedVersion("u2")).toBeUndefined();
  });

  it("keeps utterances with unsaved local edits, and their confirmed version for the server's check", async () => {
    const store = new TranscriptStore(initial());
    const { fetch } = server([utterance("u1", keys[1]!, "theirs", 2)]);
    await applyRemoteChange(store, { utterance_ids: ["u1"], removed_utterance_ids: ["u2"] }, fetch, (id) => id !== "u0");
    expect(texts(store)).toEqual(["u0:one", "u1:two", "u2:three"]);
    expect(store.confirmedVersion("u1")).toBe(1);
  });

  it("never goes back to an older version than the one it holds", async () => {
    const store = new TranscriptStore(initial());
    store.reconcile({ utterances: [utterance("u1", keys[1]!, "mine saved", 5)], removedUtteranceIds: [] });
    const { fetch } = server([utterance("u1", keys[1]!, "older", 4)]);
    await applyRemoteChange(store, { utterance_ids: ["u1"], removed_utterance_ids: [] }, fetch, () => false);
    expect(texts(store)).toEqual(["u0:one", "u1:mine saved", "u2:three"]);
  });

  it("fetches nothing when the message only removes", async () => {
    const store = new TranscriptStore(initial());
    const { asked, fetch } = server([]);
    await applyRemoteChange(store, { utterance_ids: [], removed_utterance_ids: ["u2"] }, fetch, () => false);
    expect(asked).toEqual([]);
    expect(texts(store)).toEqual(["u0:one", "u1:two"]);
  });
});
