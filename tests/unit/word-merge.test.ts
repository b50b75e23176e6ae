// Word-level merge (decision 052): two members edit words of one utterance from the same version;
// whichever lands second is merged onto the first by word id. Every change neither side contests
// is kept, and the edit is refused (naming the words) exactly when both changed the same word to
// different results, or one changed a word the other deleted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UtteranceState } from "../../core/change";
import { decodeChange, encodeChange } from "../../core/change-codec";
import { decide, type EarlierState } from "../../core/decide";
import { stateAtVersion } from "../../core/history";
import type { OpRequest, WordPatch } from "../../core/operations";
import { StaleUtterances } from "../../core/refusal";
import type { OpContext } from "../../core/transcript-apply";
import type { WordDto } from "../../core/transcript";
import { mergeWordEdit } from "../../core/word-merge";

const BASE_VERSION = 3;

function baseState(texts: readonly string[]): UtteranceState {
  return {
    id: "u1",
    speakerId: "s1",
    startTime: 1,
    endTime: texts.length + 1,
    position: 0,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    // Word i starts at i + 1: a word inserted in gap g (before word g) starts at g + 0.5.
    transcriptWords: texts.map((text, i) => ({
      id: `w${i}`,
      text,
      startTime: i + 1,
      endTime: i + 1.5,
      position: i,
      confidenceScore: 0.9,
      hasEntities: false,
    })),
    orderKey: "a0",
    version: BASE_VERSION,
  };
}

/** What one member does to a base word. */
type WordAction = { kind: "keep" } | { kind: "delete" } | { kind: "text"; text: string } | { kind: "confidence"; value: number };
interface MemberEdit {
  actions: WordAction[];
  /** New words: the gap they go in (before base word `gap`) and their texts. */
  inserts: { gap: number; text: string }[];
}

const text = fc.constantFrom("the", "cat", "sat", "on", "mat", "a");
const action: fc.Arbitrary<WordAction> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: "keep" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "delete" as const }) },
  { weight: 2, arbitrary: text.map((t) => ({ kind: "text" as const, text: t })) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1).map((value) => ({ kind: "confidence" as const, value })) },
);
const scenario = fc
  .array(text, { minLength: 1, maxLength: 8 })
  .chain((texts) => {
    const edit = fc.record({
      actions: fc.array(action, { minLength: texts.length, maxLength: texts.length }),
      inserts: fc.array(fc.record({ gap: fc.nat({ max: texts.length }), text }), { maxLength: 3 }),
    });
    return fc.tuple(fc.constant(texts), edit, edit);
  })
  .map(([texts, a, b]) => ({ base: baseState(texts), a, b }));

/** A member's word list as the editor would send it: new words whole, changed ones with text, end and confidence, the rest by id. */
function patchesOf(base: UtteranceState, edit: MemberEdit, prefix: string): WordPatch[] {
  const out: WordPatch[] = [];
  const insertsAt = (gap: number) =>
    edit.inserts.forEach((ins, k) => {
      if (ins.gap !== gap) return;
      out.push({ id: `${prefix}${k}`, text: ins.text, start_time: gap + 0.5, end_time: gap + 0.5, confidence_score: 1 });
    });
  base.transcriptWords.forEach((w, i) => {
    insertsAt(i);
    const act = edit.actions[i]!;
    if (act.kind === "delete") return;
    if (act.kind === "keep") out.push({ id: w.id });
    else if (act.kind === "text") out.push({ id: w.id, text: act.text, end_time: w.endTime, confidence_score: w.confidenceScore });
    else out.push({ id: w.id, text: w.text, end_time: w.endTime, confidence_score: act.value });
  });
  insertsAt(base.transcriptWords.length);
  return out;
}

/** A member's result for a base word: null when deleted. */
function resultOf(word: WordDto, act: WordAction): { text: string; confidence: number } | null {
  switch (act.kind) {
    case "delete":
      return null;
    case "keep":
      return { text: word.text, confidence: word.confidenceScore };
    case "text":
      return { text: act.text, confidence: word.confidenceScore };
    case "confidence":
      return { text: word.text, confidence: act.value };
  }
}

const touched = (word: WordDto, act: WordAction) =>
  JSON.stringify(resultOf(word, act)) !== JSON.stringify(resultOf(word, { kind: "keep" }));

/** The words both touched to different ends: the rule's conflicts, in the base's order. */
function expectedConflicts(base: UtteranceState, a: MemberEdit, b: MemberEdit): string[] {
  return base.transcriptWords
    .filter((w, i) => {
      const [x, y] = [a.actions[i]!, b.actions[i]!];
      return touched(w, x) && touched(w, y) && JSON.stringify(resultOf(w, x)) !== JSON.stringify(resultOf(w, y));
    })
    .map((w) => w.id);
}

function context(state: UtteranceState): OpContext {
  return { utterance: (id) => (id === state.id ? state : undefined), next: () => undefined, speakerName: () => undefined };
}

const request = (words: WordPatch[]): OpRequest => ({ type: "update_words", utteranceId: "u1", words, version: BASE_VERSION });
const op = (words: WordPatch[]) => ({ type: "update_words" as const, utteranceId: "u1", words });

/** The first edit lands on the base; the second, sent with the base's version, lands on the first's result. */
function interleave(base: UtteranceState, first: WordPatch[], second: WordPatch[]) {
  const applied = decide(context(base), request(first), op(first));
  const afterFirst = applied?.change.utterances[0]?.after ?? base;
  const earlier: EarlierState = (id, version) => (id === base.id && version === BASE_VERSION ? base : undefined);
  try {
    const rebased = decide(context(afterFirst), request(second), op(second), earlier);
    return { afterFirst, final: rebased?.change.utterances[0]?.after ?? afterFirst, rebased, refusal: null };
  } catch (error) {
    if (error instanceof StaleUtterances) return { afterFirst, final: afterFirst, rebased: null, refusal: error };
    throw error;
  }
}

/** Whether `sub` appears in `list` in the same order. */
function inOrder(list: readonly string[], sub: readonly string[]): boolean {
  let at = 0;
  for (const id of list) if (id === sub[at]) at++;
  return at === sub.length;
}

describe("word-level merge of two members' edits from the same version", () => {
  it("keeps every change neither contests, and refuses exactly when both touched the same word", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ base, a, b }, aFirst) => {
        const [pa, pb] = [patchesOf(base, a, "a"), patchesOf(base, b, "b")];
        const conflicts = expectedConflicts(base, a, b);
        // A result with no word left is refused by the rules (an utterance needs a word): not a merge question.
        const survivors = a.actions.filter((x, i) => x.kind !== "delete" && b.actions[i]!.kind !== "delete");
        fc.pre(survivors.length + a.inserts.length + b.inserts.length > 0 || conflicts.length > 0);
        fc.pre(pa.length > 0 && pb.length > 0);

        const { afterFirst, final, refusal } = aFirst ? interleave(base, pa, pb) : interleave(base, pb, pa);
        if (conflicts.length) {
          expect(refusal).toBeInstanceOf(StaleUtterances);
          expect(refusal!.status).toBe(409);
          expect(refusal!.conflicts).toEqual([{ utterance_id: "u1", word_ids: conflicts }]);
          expect(refusal!.utterances.map((u) => u.transcriptWords)).toEqual([afterFirst.transcriptWords]);
          return;
        }
        expect(refusal).toBeNull();
        const words = new Map(final.transcriptWords.map((w) => [w.id, w]));
        base.transcriptWords.forEach((w, i) => {
          const [ra, rb] = [resultOf(w, a.actions[i]!), resultOf(w, b.actions[i]!)];
          if (!ra || !rb) {
            expect(words.has(w.id)).toBe(false);
            return;
          }
          // The one who changed it decides (both alike when both did).
          const expected = touched(w, a.actions[i]!) ? ra : rb;
          expect({ text: words.get(w.id)?.text, confidence: words.get(w.id)?.confidenceScore }).toEqual({
            text: expected.text,
            confidence: expected.confidence,
          });
        });
        for (const [prefix, edit] of [
          ["a", a],
          ["b", b],
        ] as const) {
          edit.inserts.forEach((ins, k) => {
            expect(words.get(`${prefix}${k}`)?.text).toBe(ins.text);
          });
        }
        // Each member's words keep their order among themselves; the result's times never go back.
        const ids = final.transcriptWords.map((w) => w.id);
        for (const patches of [pa, pb])
          expect(
            inOrder(
              ids,
              patches.map((p) => p.id).filter((id) => words.has(id)),
            ),
          ).toBe(true);
        expect(final.transcriptWords.map((w) => w.startTime)).toEqual(final.transcriptWords.map((w) => w.startTime).sort((x, y) => x - y));
        expect(final.transcriptWords.map((w) => w.position)).toEqual(ids.map((_, i) => i));
      }),
      { numRuns: 1000 },
    );
  });

  it("records the merged edit as what it changed on the current words, so undoing it keeps the other's", () => {
    const base = baseState(["teh", "cat", "sat"]);
    const first = [{ id: "w0", text: "the", end_time: 1.5, confidence_score: 0.9 }, { id: "w1" }, { id: "w2" }];
    const second = [{ id: "w0" }, { id: "w1" }, { id: "w2", text: "sits", end_time: 3.5, confidence_score: 1 }];
    const { afterFirst, rebased } = interleave(base, first, second);
    const entry = rebased!.change.utterances[0]!;
    expect(entry.before).toBe(afterFirst);
    expect(entry.after!.transcriptWords.map((w) => w.text)).toEqual(["the", "cat", "sits"]);
    expect(entry.after!.version).toBe(afterFirst.version + 1);
    expect(rebased!.summary).toBe('Edited "sat" → "sits"');
  });

  it("leaves to the caller a request that is no plain edit of the base", () => {
    const base = baseState(["a", "b", "c"]).transcriptWords;
    expect(mergeWordEdit(base, base, [{ id: "w1" }, { id: "w0" }, { id: "w2" }])).toEqual({ kind: "unmergeable" });
    expect(mergeWordEdit(base, base, [{ id: "zz" }])).toEqual({ kind: "unmergeable" });
    expect(mergeWordEdit(base, base, [{ id: "w0" }, { id: "w0" }])).toEqual({ kind: "unmergeable" });
  });

  it("settles a conflict for either side when asked: theirs keeps the word as it now is, mine puts the sender's back", () => {
    const base = baseState(["teh", "cat", "sat"]).transcriptWords;
    const current = [{ ...base[0]!, text: "The" }, base[1]!];
    const mine = [
      { id: "w0", text: "the", end_time: 1.5, confidence_score: 0.9 },
      { id: "w1" },
      { id: "w2", text: "sits", end_time: 3.5, confidence_score: 0.9 },
    ];
    expect(mergeWordEdit(base, current, mine)).toEqual({ kind: "conflict", wordIds: ["w0", "w2"] });
    expect(mergeWordEdit(base, current, mine, "theirs")).toEqual({ kind: "merged", words: [{ id: "w0" }, { id: "w1" }] });
    expect(mergeWordEdit(base, current, mine, "mine")).toEqual({
      kind: "merged",
      words: [
        { id: "w0", text: "the", start_time: 1, end_time: 1.5, confidence_score: 0.9 },
        { id: "w1" },
        { id: "w2", text: "sits", start_time: 3, end_time: 3.5, confidence_score: 0.9 },
      ],
    });
  });
});

describe("the state at an earlier version", () => {
  it("is found by walking the entries back, and not across an undo or redo no entry records", () => {
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (texts) => {
        // A run of edits, each recorded as the store records it; states by version.
        const states: UtteranceState[] = [baseState(["x", "y"])];
        const entries = texts.map((list) => {
          const before = states[states.length - 1]!;
          const after = { ...baseState(list), version: before.version + 1 };
          states.push(after);
          return decodeChange(encodeChange({ utterances: [{ id: "u1", before, after }] }));
        });
        const current = states[states.length - 1]!;
        const newestFirst = [...entries].reverse();
        for (const state of states) {
          expect(stateAtVersion(current, state.version, newestFirst)?.transcriptWords).toEqual(state.transcriptWords);
        }
        // An undo wrote version + 1 with no entry: the walk cannot vouch for anything older.
        const undone = { ...states[states.length - 2]!, version: current.version + 1 };
        expect(stateAtVersion(undone, BASE_VERSION, newestFirst.slice(1))).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it("is not found in entries written without versions", () => {
    const before = baseState(["x"]);
    const after = { ...baseState(["y"]), version: BASE_VERSION + 1 };
    const stored = JSON.parse(encodeChange({ utterances: [{ id: "u1", before, after }] }));
    delete stored.utterances[0].v;
    expect(stateAtVersion(after, BASE_VERSION, [decodeChange(JSON.stringify(stored))])).toBeUndefined();
    expect(stateAtVersion(after, BASE_VERSION, [decodeChange(encodeChange({ utterances: [{ id: "u1", before, after }] }))])).toMatchObject({
      version: BASE_VERSION,
      transcriptWords: before.transcriptWords,
    });
  });
});
