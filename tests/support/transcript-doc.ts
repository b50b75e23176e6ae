// A small transcript in memory that applies changes as the server does: the rules' unit tests
// run operations, inverses and anchors against it.
import { initialKeys } from "../../core/order-keys";
import type { OpContext } from "../../core/transcript-apply";
import type { Change, UtteranceState } from "../../core/change";

export function makeDoc(wordCounts: number[]) {
  const keys = initialKeys(wordCounts.length);
  let t = 0;
  const list: UtteranceState[] = wordCounts.map((n, i) => {
    const start = t;
    const transcriptWords = Array.from({ length: n }, (_, k) => ({
      id: `u${i}w${k}`,
      text: `word${i}_${k}`,
      startTime: t + k,
      endTime: t + k + 0.5,
      position: k,
      confidenceScore: 0.5 + (k % 5) / 10,
      hasEntities: false,
    }));
    t += n + 1;
    return {
      id: `u${i}`,
      speakerId: i % 2 ? "s2" : "s1",
      startTime: start,
      endTime: t - 1,
      position: i,
      confidenceScore: 0.7,
      sentiment: null,
      sentimentConfidence: null,
      transcriptWords,
      orderKey: keys[i]!,
      version: 1,
    };
  });
  return list;
}

/** A tiny in-memory transcript that applies changes like the server does. */
export function docContext(list: UtteranceState[]): OpContext & { apply(change: Change): void; list(): UtteranceState[] } {
  let rows = [...list];
  const sorted = () => [...rows].sort((a, b) => (a.orderKey < b.orderKey ? -1 : 1));
  return {
    utterance: (id) => rows.find((u) => u.id === id),
    next: (id) => {
      const s = sorted();
      const i = s.findIndex((u) => u.id === id);
      return i >= 0 ? s[i + 1] : undefined;
    },
    speakerName: (id) => ({ s1: "Ann", s2: "Bob" })[id],
    apply(change) {
      for (const { id, after } of change.utterances) {
        rows = rows.filter((u) => u.id !== id);
        if (after) rows.push(after);
      }
    },
    list: () => sorted().map((u, position) => ({ ...u, position })),
  };
}
