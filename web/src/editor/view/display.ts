// How a transcript is shown: confidence classes, speaker colours, formatted details.
import { formatTimestamp } from "../../../../core/timestamps";
import type { SpeakerDto, TranscriptDto, WordDto } from "../../../../core/transcript";

/** docs/product.md#transcript-editor: a word below this confidence is low-confidence; 0 means inaudible. */
export const LOW_CONFIDENCE_THRESHOLD = 0.8;
export const SPEAKER_PALETTE_SIZE = 8;

export type WordConfidence = "normal" | "low" | "inaudible";

export function wordConfidence(word: Pick<WordDto, "confidenceScore">): WordConfidence {
  if (word.confidenceScore === 0) return "inaudible";
  return word.confidenceScore < LOW_CONFIDENCE_THRESHOLD ? "low" : "normal";
}

/** Palette slot 0–7 by the speaker's index in the transcript's speaker list. */
export function speakerColorIndex(index: number): number {
  if (index < 0) return -1;
  return index % SPEAKER_PALETTE_SIZE;
}

export interface SpeakerLookup {
  get(speakerId: string): { speaker: SpeakerDto; index: number } | undefined;
}

export function speakerLookup(speakers: readonly SpeakerDto[]): SpeakerLookup {
  const map = new Map(speakers.map((speaker, index) => [speaker.id, { speaker, index }]));
  return { get: (id) => map.get(id) };
}

/** "91.3%" */
export const formatAccuracy = (percent: number) => `${(Number.isFinite(percent) ? percent : 0).toFixed(1)}%`;

/** "34.5%"; whole numbers without decimals. */
export const formatShare = (percent: number) => `${Math.round((Number.isFinite(percent) ? percent : 0) * 10) / 10}%`;

export interface TranscriptDetails {
  duration: string;
  accuracy: string;
  speakers: string;
  words: string;
}

export function transcriptDetails(
  transcript: Pick<TranscriptDto, "duration" | "accuracyPercentage" | "speakerCount" | "wordCount">,
): TranscriptDetails {
  return {
    duration: formatTimestamp(Math.round(transcript.duration)),
    accuracy: formatAccuracy(transcript.accuracyPercentage),
    speakers: String(transcript.speakerCount),
    words: transcript.wordCount.toLocaleString("en-US"),
  };
}
