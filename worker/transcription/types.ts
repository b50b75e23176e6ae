import type { Sentiment } from "../../core/transcript";
import type { ResolvedOptions } from "../../common/transcription-options";
import type { Config } from "../config";

/** A service's result, normalised: what the store writes, whatever the service. */
export interface NormalizedWord {
  text: string;
  start: number;
  end: number;
  /** 0..1 */
  confidence: number;
  hasEntities: boolean;
}

export interface NormalizedUtterance {
  /** Service's speaker label, e.g. "0" or "SPEAKER_01"; one of `speakers`. */
  speaker: string;
  start: number;
  end: number;
  words: NormalizedWord[];
  sentiment: Sentiment | null;
  sentimentConfidence: number | null;
}

export interface NormalizedTranscript {
  /** Seconds. */
  duration: number;
  /** Labels in order of first appearance. */
  speakers: string[];
  utterances: NormalizedUtterance[];
  /** The language the service reported (a code or the service's own name for it), if any. */
  language?: string | null;
}

export interface TranscriptionInput {
  /** Reads the media from R2 (a fresh stream on each call, so a service may read it more than once). */
  open(): Promise<ReadableStream<Uint8Array>>;
  /** Byte range read, for services that cut long files into chunks. */
  openRange(offset: number, length: number): Promise<ReadableStream<Uint8Array>>;
  contentType: string;
  filename: string;
  size: number;
  /** Measured in the browser; null when unknown. */
  durationSeconds: number | null;
}

/** What the service is asked for, already cut to what it takes (see resolveOptions). */
export type ServiceRequestOptions = Pick<ResolvedOptions, "language" | "terms" | "diarize">;

/** Asking for nothing: the service detects the language and the speakers. */
export const NO_OPTIONS: ServiceRequestOptions = { language: null, terms: [], diarize: true };

export interface TranscriptionService {
  name: string;
  transcribe(input: TranscriptionInput, env: Env, config: Config, options?: ServiceRequestOptions): Promise<NormalizedTranscript>;
}

/** A failure that retrying cannot fix (bad media, unsupported format): the file fails at once. */
export class PermanentTranscriptionError extends Error {
  override name = "PermanentTranscriptionError";
}
