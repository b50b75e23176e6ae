// Transcript shapes shared by the rules, the Worker (read API) and the SPA (docs/api.md).

export type Sentiment = "positive" | "negative" | "neutral";
export const SUMMARY_TYPES = ["bullets", "bullets_verbose", "paragraph", "gist", "headline"] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

export interface WordDto {
  id: string;
  text: string;
  startTime: number;
  endTime: number;
  position: number;
  confidenceScore: number;
  /** The transcribed confidence, kept from the word's first edit on: Ctrl/Cmd+I cycles back to it (docs/product.md#transcript-editor). */
  originalConfidenceScore?: number;
  hasEntities: boolean;
}

export interface UtteranceDto {
  id: string;
  speakerId: string;
  startTime: number;
  endTime: number;
  position: number;
  confidenceScore: number;
  sentiment: Sentiment | null;
  sentimentConfidence: number | null;
  transcriptWords: WordDto[];
  /** Fractional order key: utterances sort by it, so a split or merge writes O(1) rows. */
  orderKey: string;
  /** Bumped on every change; an operation computed on an older version is refused (409). */
  version: number;
}

export interface SpeakerDto {
  id: string;
  originalLabel: string;
  name: string | null;
  role: string | null;
  displayName: string;
  /** Order of first appearance; a created speaker comes after every other. */
  position: number;
  utteranceCount: number;
  /** Share of the total speaking time, 0–100. */
  speakingPercentage: number;
}

export interface TranscriptDto {
  id: string;
  audioFileId: string;
  summary: string | null;
  summaryType: SummaryType | null;
  summaryModel: string | null;
  /** A generated summary is being written, or the last try failed (summaryError says why). */
  summaryStatus: "generating" | "failed" | null;
  summaryError: string | null;
  notes: string | null;
  speakers: SpeakerDto[];
  duration: number;
  accuracyPercentage: number;
  speakerCount: number;
  wordCount: number;
  transcriptionService: string;
  startedAt: string;
  completedAt: string;
}
