// Random edit sequences for the property tests of word anchors (comments and highlights) and chapters: a seed
// names an edit (split, merge, delete, retype, insert) that the real rules then apply.
import fc from "fast-check";
import { AnchorIndex } from "../../core/comment-anchors";
import type { UtteranceState } from "../../core/change";
import type { TranscriptOp } from "../../core/operations";

export const indexOf = (list: readonly UtteranceState[]) =>
  new AnchorIndex(list.flatMap((u) => u.transcriptWords.map((w) => ({ id: w.id, text: w.text, start: w.startTime, end: w.endTime }))));

export const opArb = fc.oneof(
  fc.record({ kind: fc.constant("split" as const), u: fc.nat(), w: fc.nat() }),
  fc.record({ kind: fc.constant("merge" as const), u: fc.nat(), w: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), u: fc.nat(), w: fc.nat() }),
  fc.record({ kind: fc.constant("retype" as const), u: fc.nat(), w: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), u: fc.nat(), w: fc.nat() }),
);
export type OpSeed = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** The operation a seed stands for on the transcript as it is, or null when it cannot apply. */
export function operation(
  list: UtteranceState[],
  next: (id: string) => UtteranceState | undefined,
  o: OpSeed,
  n: number,
  insert: "before" | "after" = "after",
): TranscriptOp | null {
  const u = list[o.u % list.length]!;
  const words = u.transcriptWords;
  const w = o.w % words.length;
  switch (o.kind) {
    case "split":
      if (words.length < 2) return null;
      return { type: "split", utteranceId: u.id, firstWordId: words[1 + (o.w % (words.length - 1))]!.id, newUtteranceId: `n${n}` };
    case "merge": {
      const after = next(u.id);
      return after ? { type: "merge", targetUtteranceId: u.id, sourceUtteranceId: after.id } : null;
    }
    case "delete":
      if (words.length < 2) return null;
      return { type: "update_words", utteranceId: u.id, words: words.filter((_, i) => i !== w).map((x) => ({ id: x.id })) };
    case "retype":
      return {
        type: "update_words",
        utteranceId: u.id,
        words: words.map((x, i) => (i === w ? { id: x.id, text: `fixed${n}` } : { id: x.id })),
      };
    case "insert": {
      // A typed word after word w, timed within it, or before it (before the first word too), as
      // the editor times one (a new id, as the editor makes one).
      const at = words[w]!;
      const time = insert === "after" ? at.endTime : at.startTime;
      const typed = { id: `typed${n}`, text: `new${n}`, start_time: time, end_time: time, confidence_score: 1 };
      return {
        type: "update_words",
        utteranceId: u.id,
        words: words.flatMap((x, i) => (i !== w ? [{ id: x.id }] : insert === "after" ? [{ id: x.id }, typed] : [typed, { id: x.id }])),
      };
    }
  }
}
