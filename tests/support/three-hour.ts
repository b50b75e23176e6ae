// The generated 3-hour transcript the benchmarks share: 30,000 words in 3,000
// utterances, three speakers, a small vocabulary (as real speech repeats words).
import type { NormalizedTranscript } from "../../worker/transcription/types";

export const WORDS = 30_000;
export const UTTERANCES = 3_000;
const VOCABULARY = [
  "the",
  "meeting",
  "budget",
  "we",
  "should",
  "consider",
  "quarterly",
  "results,",
  "and",
  "then",
  "move",
  "on.",
  "Okay",
  "thanks",
  "everyone",
];

export function threeHourTranscript(): NormalizedTranscript {
  return generatedTranscript(UTTERANCES, WORDS / UTTERANCES);
}

/** `count` utterances of `perUtterance` words, 0.33 s a word, three speakers taking turns. */
export function generatedTranscript(count: number, perUtterance: number, vocabulary: readonly string[] = VOCABULARY): NormalizedTranscript {
  let t = 0;
  const utterances = Array.from({ length: count }, (_, u) => {
    const words = Array.from({ length: perUtterance }, (_, w) => {
      const start = t;
      t += 0.33;
      return {
        text: vocabulary[(u * 7 + w) % vocabulary.length]!,
        start,
        end: t - 0.03,
        confidence: 0.7 + ((u + w) % 30) / 100,
        hasEntities: w === 3,
      };
    });
    t += 0.6;
    return {
      speaker: String(u % 3),
      start: words[0]!.start,
      end: words[words.length - 1]!.end,
      words,
      sentiment: "neutral" as const,
      sentimentConfidence: 0.8,
    };
  });
  return { duration: t, speakers: ["0", "1", "2"], utterances };
}

/** The same transcript as an export document (speakers named as the read API names them). */
export function threeHourExportDocument(): import("../../worker/exports/document").ExportDocument {
  const t = threeHourTranscript();
  return {
    title: "Three-hour board meeting.mp3",
    date: "2026-11-24T09:00:00.000Z",
    duration: t.duration,
    speakers: t.speakers.map((_, i) => ({ name: `Speaker ${i + 1}`, role: i === 0 ? "Chair" : null })),
    summary: "A generated three-hour meeting.",
    notes: "Benchmark document.",
    comments: [],
    utterances: t.utterances.map((u) => ({
      speaker: `Speaker ${Number(u.speaker) + 1}`,
      start: u.start,
      end: u.end,
      text: u.words.map((w) => w.text).join(" "),
      words: u.words.map((w) => ({ text: w.text, start: w.start, end: w.end })),
    })),
  };
}
