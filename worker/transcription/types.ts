import type { Sentiment } from "../../core/transcript";
import type { ResolvedOptions } from "../../common/transcription-options";
import type { Config } from "../config";
import type { ChunkPlan } from "./audio/types";

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

/** How a file goes to a service: whole in one request (`cut` null), or in pieces cut exactly (audio-chunks.ts). */
export interface RequestPlan {
  cut: ChunkPlan | null;
}

export const pieceCount = (plan: RequestPlan) => (plan.cut ? plan.cut.chunks.length : 1);

/** What a piece leaves for the next one: the language found so far and its last words (a prompt for context). */
export interface Carried {
  language: string | null;
  text: string;
}

export const NOTHING_CARRIED: Carried = { language: null, text: "" };

export interface PieceRequest {
  input: TranscriptionInput;
  plan: RequestPlan;
  /** 0-based. */
  index: number;
  carried: Carried;
  env: Env;
  config: Config;
  options: ServiceRequestOptions;
}

/**
 * A service in three parts, so each request is one step of its own (workflow.ts): the plan,
 * one request per piece (its result is plain JSON, stored between steps), and the pieces put together.
 */
export interface TranscriptionService<Piece = unknown> {
  name: string;
  plan(input: TranscriptionInput, config: Config): Promise<RequestPlan>;
  transcribePiece(request: PieceRequest): Promise<{ piece: Piece; carried: Carried }>;
  assemble(pieces: Piece[], plan: RequestPlan, input: Pick<TranscriptionInput, "durationSeconds">): NormalizedTranscript;
}

/** A failure that retrying cannot fix (bad media, unsupported format): the file fails at once. */
export class PermanentTranscriptionError extends Error {
  override name = "PermanentTranscriptionError";
}

/**
 * A failure worth retrying after a while (overloaded, rate-limited, unreachable); `retryAfterSeconds`
 * is the wait the service asked for (its Retry-After), when it said.
 */
export class RetryableTranscriptionError extends Error {
  override name = "RetryableTranscriptionError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
