// Find and replace, headless: the one matching rule (search box and replace all), what a
// replacement does to an utterance's words, and replace all in the editor and its save queue.
import { describe, expect, it } from "vitest";
import { findInText, replaceInUtterance } from "../../core/replace-match";
import { applyOp } from "../../core/transcript-apply";
import type { OperationResultDto } from "../../core/operation-results";
import type { TranscriptOp } from "../../core/operations";
import { TranscriptEditor } from "../../web/src/editor/model/editor";
import { SaveQueue, type PendingOp } from "../../web/src/editor/model/save-queue";
import { findMatches, SearchState } from "../../web/src/editor/model/search";
import { TranscriptStore } from "../../web/src/editor/model/transcript-store";
import { FakeClock } from "./fake-clock";
import { utteranceRun } from "../support/utterances";

const utterances = (texts: string[]) => utteranceRun(texts, { confidence: 0.8 });

const opts = (matchCase = false, wholeWord = false) => ({ matchCase, wholeWord });
const texts = (store: TranscriptStore) => store.utterances().map((u) => u.transcriptWords.map((w) => w.text).join(" "));

describe("the matching rule", () => {
  it("is case-insensitive unless asked, accent-sensitive, and never overlaps", () => {
    expect(findInText("Teh teh TEH", "teh", opts())).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 11 },
    ]);
    expect(findInText("Teh teh TEH", "teh", opts(true))).toEqual([{ start: 4, end: 7 }]);
    expect(findInText("café cafe", "cafe", opts())).toEqual([{ start: 5, end: 9 }]);
    expect(findInText("aaaa", "aa", opts())).toHaveLength(2);
  });

  it("matches whole words only when asked: letters, digits and marks are word characters, punctuation is not", () => {
    expect(findInText("teh tehran teh, 2teh über", "teh", opts(false, true))).toEqual([
      { start: 0, end: 3 },
      { start: 11, end: 14 },
    ]);
    expect(findInText("über überall", "über", opts(false, true))).toEqual([{ start: 0, end: 4 }]);
    // A rejected candidate does not hide an overlapping one after it.
    expect(findInText("abab ab", "ab", opts(false, true))).toEqual([{ start: 5, end: 7 }]);
  });

  it("is the search box's rule: n of m counts what replace all changes", () => {
    const list = utterances(["I saw Teh cat", "tehran teh"]);
    expect(findMatches(list, "teh")).toHaveLength(3);
    expect(findMatches(list, "teh", opts(true))).toHaveLength(2);
    expect(findMatches(list, "teh", opts(false, true))).toHaveLength(2);
    const search = new SearchState(list, "teh");
    expect(search.label).toBe("1 of 3");
    search.setOptions(opts(true, true));
    expect(search.label).toBe("1 of 1");
    expect(search.currentMatch).toMatchObject({ utteranceId: "u1", wordIds: ["u1w1"] });
  });
});

describe("a replacement in one utterance", () => {
  const [u] = utterances(["I saw teh big New York cat"]);

  it("keeps each word's id and times one word for one word", () => {
    const r = replaceInUtterance(u!, { find: "teh", replace: "the", ...opts() })!;
    expect(r.count).toBe(1);
    expect(r.patches[2]).toEqual({ id: "u0w2", text: "the", end_time: 2.5, confidence_score: 0.8 });
    expect(r.patches.filter((p) => p.text !== undefined)).toHaveLength(1);
  });

  it("follows the word-edit diffing for phrases, with the same new ids on every side", () => {
    const spec = { find: "new york", replace: "NYC", ...opts() };
    const a = replaceInUtterance(u!, spec)!;
    expect(a.patches.map((p) => p.text ?? null)).toEqual([null, null, null, null, "NYC", null]);
    const nyc = a.patches[4]!;
    expect(nyc.start_time).toBeGreaterThanOrEqual(4);
    expect(nyc.end_time).toBeLessThanOrEqual(5.5);
    // The editor and the Worker compute the same words.
    expect(replaceInUtterance(u!, spec)).toEqual(a);
    expect(replaceInUtterance({ ...u!, version: 2 }, spec)!.patches[4]!.id).not.toBe(nyc.id);
  });

  it("deletes words, but leaves an utterance that would have none unchanged", () => {
    expect(replaceInUtterance(u!, { find: "big ", replace: "", ...opts() })!.patches.map((p) => p.id)).not.toContain("u0w3");
    const [lone] = utterances(["um"]);
    expect(replaceInUtterance(lone!, { find: "um", replace: "", ...opts() })).toBeNull();
    expect(replaceInUtterance(lone!, { find: "zz", replace: "", ...opts() })).toBeNull();
  });

  it("records one history summary with the count", () => {
    const store = new TranscriptStore(utterances(["teh teh", "no", "teh"]));
    const applied = applyOp(store, {
      type: "replace_all",
      find: "teh",
      replace: "the",
      ...opts(),
      utteranceIds: ["u0", "u1", "u2", "gone"],
    });
    expect(applied.summary).toBe('Replaced "teh" with "the" (3×)');
    expect(applied.change.utterances.map((c) => c.id)).toEqual(["u0", "u2"]);
  });
});

describe("replace all in the editor", () => {
  function setup(list: string[]) {
    const clock = new FakeClock();
    const store = new TranscriptStore(utterances(list));
    const sent: PendingOp[] = [];
    const queue = new SaveQueue({
      clock,
      send: async (pending) => {
        sent.push(pending);
        const result: OperationResultDto = { utterances: [], removedUtteranceIds: [] };
        return { kind: "ok", result };
      },
    });
    const editor = new TranscriptEditor({ store, queue, clock });
    return { clock, store, queue, editor, sent };
  }

  it("applies at once, and is sent right after the unsaved edits queued before it, without waiting for their debounce", async () => {
    const { clock, store, editor, sent } = setup(["I saw teh cat", "teh dog", "nothing"]);
    expect(editor.editText("u2", "nothing here")).toBe(true);
    expect(editor.editText("u1", "teh dog barks")).toBe(true);
    expect(editor.replaceAll({ find: "teh", replace: "the", ...opts() })).toEqual({ replaced: 2, left: 0 });
    expect(texts(store)).toEqual(["I saw the cat", "the dog barks", "nothing here"]);
    await clock.advance(100);
    expect(sent.map((p) => p.op.type)).toEqual(["update_words", "update_words", "replace_all"]);
    const op = sent[2]!.op as Extract<TranscriptOp, { type: "replace_all" }>;
    expect(op.utteranceIds).toEqual(["u0", "u1"]);
    // A later edit of a touched utterance is its own operation, after the replace.
    expect(editor.editText("u1", "the dog")).toBe(true);
    await clock.advance(1_100);
    expect(sent.map((p) => p.op.type)).toEqual(["update_words", "update_words", "replace_all", "update_words"]);
  });

  it("reports matches kept because their utterance would have no word, and refuses what the server would", () => {
    const { store, editor } = setup(["um", "um yes", "yes"]);
    expect(editor.replaceAll({ find: "um", replace: "", ...opts() })).toEqual({ replaced: 1, left: 1 });
    expect(texts(store)).toEqual(["um", "yes", "yes"]);
    expect(editor.replaceAll({ find: "u", replace: "", ...opts() })).toEqual({ error: "Find needs at least 2 characters" });
    expect(editor.replaceAll({ find: "zebra", replace: "", ...opts() })).toEqual({ replaced: 0, left: 0 });
    expect(editor.replaceAll({ find: "yes", replace: "y".repeat(101), ...opts() })).toEqual({
      error: "A word must be 100 characters or less",
    });
  });

  it("refuses more than 10,000 matches, naming how many", () => {
    const { editor } = setup(Array.from({ length: 3 }, () => Array.from({ length: 3_500 }, () => "ab").join(" ")));
    expect(editor.replaceAll({ find: "ab", replace: "cd", ...opts() })).toEqual({
      error: "Found 10,500 matches; replace all changes at most 10,000 at once",
    });
  });
});
