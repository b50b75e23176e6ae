// A finished transcription as the rows the store writes: the transcript's statistics, its
// speakers, and its utterances with their words in the stored form (stored-words.ts).
import type { StoredWord } from "./stored-words";

export interface TranscriptRows {
  transcript: {
    id: string;
    audioFileId: string;
    /** The workspace whose index the transcript's room feeds (the file's workspace). */
    workspaceId: string;
    duration: number;
    accuracyPercentage: number;
    /** Sum of the stored (rounded) word confidences; edits keep it up to date. */
    confidenceSum: number;
    speakerCount: number;
    wordCount: number;
    transcriptionService: string;
    startedAt: string;
    completedAt: string;
  };
  speakers: { id: string; label: string; position: number }[];
  utterances: {
    id: string;
    speakerId: string;
    /** Fractional order key (order-keys.ts). */
    orderKey: string;
    start: number;
    end: number;
    confidence: number;
    sentiment: string | null;
    sentimentConfidence: number | null;
    words: StoredWord[];
  }[];
}
