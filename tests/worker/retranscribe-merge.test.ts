// The re-transcription merge as plain data (core/retranscribe-merge.ts):
// kept utterances win where they overlap new words, new words are placed between the
// kept ones by time, speakers are matched by label. The property test edits a
// transcript with the real operations (core/transcript-apply.ts) before merging.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialKeys } from "../../core/order-keys";
import { applyOp, type OpContext } from "../../core/transcript-apply";
import type { TranscriptOp } from "../../core/operations";
import type { UtteranceState } from "../../core/change";
import { markEdited } from "../../core/outcome";
import {
  matchSpeakers,
  planMerge,
  retranscriptionSummary,
  type FreshUtterance,
  type OldUtterance,
  type TimedWord,
} from "../../core/retranscribe-merge";

type W = TimedWord & { t: string };
const w = (t: string, s: number, e = s + 0.4): W => ({ t, s, e, c: 0.9 });
const fresh = (speakerId: string, words: W[]): FreshUtterance<W> => ({
  speakerId,
  start: words[0]!.s,
  end: words[words.length - 1]!.e,
  confidence: 0.9,
  sentiment: null,
  sentimentConfidence: null,
  words,
});
const old = (id: string, orderKey: string, start: number, end: number, edited: boolean): OldUtterance => ({
  id,
  orderKey,
  edited,
  span: { start, end },
});

/** The merged transcript in order: kept ids and the inserted utterances' word texts. */
function order(plan: ReturnType<typeof planMerge<W>>) {
  return [
    ...plan.kept.map((k) => ({ key: k.orderKey, item: k.id })),
    ...plan.inserted.map((u) => ({ key: u.orderKey, item: u.words.map((x) => x.t).join(" ") })),
  ]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((e) => e.item);
}

describe("planMerge", () => {
  const [k0, k1, k2] = initialKeys(3);
  const current = [old("a", k0!, 0, 2, false), old("b", k1!, 2, 4, true), old("c", k2!, 4, 6, false)];
  const recognition = [
    fresh("s1", [w("one", 0), w("two", 1), w("three", 2.2), w("four", 3.5)]),
    fresh("s2", [w("five", 4.1), w("six", 5)]),
  ];

  it("keeps edited utterances, drops the new words they overlap, places the rest around them", () => {
    const plan = planMerge(current, recognition, { discardCorrections: false });
    expect(plan.kept.map((k) => k.id)).toEqual(["b"]);
    expect(plan.removed.map((k) => k.id)).toEqual(["a", "c"]);
    expect(plan.droppedWords).toBe(2);
    expect(order(plan)).toEqual(["one two", "b", "five six"]);
    // A part cut from a longer utterance takes its words' times and confidence.
    expect(plan.inserted[0]).toMatchObject({ speakerId: "s1", start: 0, end: 1.4, confidence: 0.9 });
    // An untouched new utterance goes in as the service gave it.
    expect(plan.inserted[1]).toMatchObject({ speakerId: "s2", start: 4.1, end: 5.4 });
  });

  it("splits a new utterance around a kept one inside it", () => {
    const plan = planMerge([old("k", k1!, 1.5, 2.5, true)], [fresh("s", [w("a", 0), w("b", 1), w("c", 2), w("d", 3), w("e", 4)])], {
      discardCorrections: false,
    });
    expect(order(plan)).toEqual(["a b", "k", "d e"]);
    expect(plan.droppedWords).toBe(1);
  });

  it("words that only touch a kept utterance stay", () => {
    const plan = planMerge([old("k", k1!, 2, 3, true)], [fresh("s", [w("x", 1.6, 2), w("y", 3, 3.4)])], { discardCorrections: false });
    expect(order(plan)).toEqual(["x", "k", "y"]);
    expect(plan.droppedWords).toBe(0);
  });

  it("discarding corrections replaces everything", () => {
    const plan = planMerge(current, recognition, { discardCorrections: true });
    expect(plan.kept).toEqual([]);
    expect(plan.removed.map((k) => k.id)).toEqual(["a", "b", "c"]);
    expect(order(plan)).toEqual(["one two three four", "five six"]);
  });
});

describe("matchSpeakers", () => {
  it("reuses a speaker with the same label and adds the others after the existing ones", () => {
    const { idFor, added } = matchSpeakers(
      [
        { id: "old-a", originalLabel: "A", position: 0 },
        { id: "old-b", originalLabel: "B", position: 1 },
      ],
      [
        { id: "new-b", label: "B" },
        { id: "new-c", label: "C" },
      ],
    );
    expect(idFor).toEqual(
      new Map([
        ["new-b", "old-b"],
        ["new-c", "new-c"],
      ]),
    );
    expect(added).toEqual([{ id: "new-c", label: "C", position: 2 }]);
  });
});

describe("retranscriptionSummary", () => {
  const name = (code: string) => ({ de: "German" })[code] ?? code;
  it("names the service, the options and what was kept", () => {
    expect(retranscriptionSummary("Whisper", { language: "de", terms: ["a", "b"] }, 42, false, name)).toBe(
      "Re-transcribed with Whisper (German, 2 terms); kept 42 corrected utterances",
    );
    expect(retranscriptionSummary("Nova-3", { language: null, terms: [] }, 1, false, name)).toBe(
      "Re-transcribed with Nova-3; kept 1 corrected utterance",
    );
    expect(retranscriptionSummary("Nova-3", { language: null, terms: ["x"] }, 0, true, name)).toBe(
      "Re-transcribed with Nova-3 (1 term); corrections discarded",
    );
  });
});

// ------------------------------------------------------------------ property

/** A transcript of `sizes.length` utterances, words 0.5 s apart, 0.3 s gaps between utterances. */
function transcriptOf(sizes: number[]): UtteranceState[] {
  const keys = initialKeys(sizes.length);
  let t = 0;
  return sizes.map((n, u) => {
    const words = Array.from({ length: n }, (_, i) => {
      const word = {
        id: `w${u}-${i}`,
        text: `u${u}w${i}`,
        startTime: t,
        endTime: t + 0.4,
        position: i,
        confidenceScore: 0.8,
        hasEntities: false,
      };
      t += 0.5;
      return word;
    });
    t += 0.3;
    return {
      id: `u${u}`,
      speakerId: u % 2 ? "B" : "A",
      startTime: words[0]!.startTime,
      endTime: words[n - 1]!.endTime,
      position: u,
      confidenceScore: 0.8,
      sentiment: null,
      sentimentConfidence: null,
      transcriptWords: words,
      orderKey: keys[u]!,
      version: 1,
    };
  });
}

type Edit = { kind: "text" | "split" | "merge" | "speaker"; at: number; word: number };

/** Applies edits with the shared rules, the way the Worker records them (rows written are marked edited). */
function edited(list: UtteranceState[], edits: Edit[]): UtteranceState[] {
  let rows = [...list];
  let n = 0;
  for (const e of edits) {
    const sorted = [...rows].sort((a, b) => (a.orderKey < b.orderKey ? -1 : 1));
    const u = sorted[e.at % sorted.length]!;
    const ctx: OpContext = {
      utterance: (id) => rows.find((r) => r.id === id),
      next: (id) => sorted[sorted.findIndex((r) => r.id === id) + 1],
      speakerName: (id) => (["A", "B", "C"].includes(id) ? id : undefined),
    };
    const words = u.transcriptWords;
    const op: TranscriptOp | null =
      e.kind === "text"
        ? {
            type: "update_words",
            utteranceId: u.id,
            words: words.map((x, i) =>
              i === e.word % words.length ? { id: x.id, text: `fixed${n}`, end_time: x.endTime, confidence_score: 1 } : { id: x.id },
            ),
          }
        : e.kind === "split"
          ? words.length > 1
            ? { type: "split", utteranceId: u.id, firstWordId: words[1 + (e.word % (words.length - 1))]!.id, newUtteranceId: `n${n}` }
            : null
          : e.kind === "merge"
            ? ctx.next(u.id)
              ? { type: "merge", targetUtteranceId: u.id, sourceUtteranceId: ctx.next(u.id)!.id }
              : null
            : { type: "set_speaker", utteranceId: u.id, speakerId: u.speakerId === "C" ? "A" : "C" };
    n++;
    if (!op) continue;
    const change = markEdited(applyOp(ctx, op).change);
    for (const c of change.utterances) {
      rows = rows.filter((r) => r.id !== c.id);
      if (c.after) rows.push(c.after);
    }
  }
  return rows.sort((a, b) => (a.orderKey < b.orderKey ? -1 : 1));
}

const editArb = fc.record({
  kind: fc.constantFrom("text", "split", "merge", "speaker") as fc.Arbitrary<Edit["kind"]>,
  at: fc.nat(50),
  word: fc.nat(50),
});

/** A new recognition: words at increasing times, cut into utterances. */
const recognitionArb = fc
  .array(
    fc.record({
      gap: fc.double({ min: 0, max: 1.5, noNaN: true }),
      length: fc.double({ min: 0, max: 0.8, noNaN: true }),
      cut: fc.boolean(),
    }),
    {
      minLength: 1,
      maxLength: 60,
    },
  )
  .map((specs) => {
    let t = 0;
    const utterances: FreshUtterance<W>[] = [];
    let current: W[] = [];
    specs.forEach((spec, i) => {
      t += spec.gap;
      current.push({ t: `new${i}`, s: t, e: t + spec.length, c: 0.7 });
      if (spec.cut) {
        utterances.push(fresh(`s${utterances.length % 2}`, current));
        current = [];
      }
    });
    if (current.length) utterances.push(fresh("s0", current));
    return utterances;
  });

describe("re-transcribing an edited transcript (property)", () => {
  it("keeps every edited utterance unchanged, drops only overlapped new words, and no word time goes backwards", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.array(editArb, { maxLength: 15 }),
        recognitionArb,
        (sizes, edits, recognition) => {
          const before = edited(transcriptOf(sizes), edits);
          const current: OldUtterance[] = before.map((u) => ({
            id: u.id,
            orderKey: u.orderKey,
            edited: u.edited === true,
            span: {
              start: Math.min(u.startTime, ...u.transcriptWords.map((x) => x.startTime)),
              end: Math.max(u.endTime, ...u.transcriptWords.map((x) => x.endTime)),
            },
          }));
          const plan = planMerge(current, recognition, { discardCorrections: false });

          // Every edited utterance survives, with its key (its row is not touched at all).
          const editedIds = before.filter((u) => u.edited).map((u) => u.id);
          expect(plan.kept.map((k) => k.id)).toEqual(editedIds);
          expect(plan.removed.every((r) => !r.edited)).toBe(true);

          // New words: none lost unless a kept utterance covers it, none overlapping one.
          const spans = plan.kept.map((k) => k.span);
          const overlapsKept = (x: W) => spans.some((s) => x.s < s.end && x.e > s.start);
          const inserted = plan.inserted.flatMap((u) => u.words);
          const all = recognition.flatMap((u) => u.words);
          expect(inserted.map((x) => x.t)).toEqual(all.filter((x) => !overlapsKept(x)).map((x) => x.t));
          expect(plan.droppedWords).toBe(all.length - inserted.length);

          // Keys are unique, and word start times never go backwards through the merged transcript.
          const byId = new Map(before.map((u) => [u.id, u]));
          const merged = [
            ...plan.kept.map((k) => ({ key: k.orderKey, starts: byId.get(k.id)!.transcriptWords.map((x) => x.startTime) })),
            ...plan.inserted.map((u) => ({ key: u.orderKey, starts: u.words.map((x) => x.s) })),
          ].sort((a, b) => (a.key < b.key ? -1 : 1));
          expect(new Set(merged.map((m) => m.key)).size).toBe(merged.length);
          const starts = merged.flatMap((m) => m.starts);
          for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]!);
        },
      ),
      { numRuns: 300 },
    );
  });
});
