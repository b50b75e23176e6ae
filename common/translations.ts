// Translated subtitles (docs/api.md#translations, decision 048): the languages a transcript may
// be translated into, the request shapes, the answer shapes and their texts, shared by the
// Worker, the store and the SPA. The answer shapes follow the public API contract (snake_case).
import * as z from "zod";
import { languageName, NOVA3_LANGUAGES, WHISPER_LANGUAGES } from "./languages";

/** Whisper's plain codes and Nova-3's regional ones ("pt-BR", "es-419"), without "multi". */
export const TRANSLATION_LANGUAGES: readonly string[] = [...new Set([...WHISPER_LANGUAGES, ...NOVA3_LANGUAGES])].filter(
  (code) => code !== "multi",
);

export const TRANSLATION_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

export const TRANSLATION_LIMITS = {
  /**
   * Characters of source text in one request to a chat model: small enough that a small model
   * answers every id (its answer is about as long again), large enough that a 3-hour transcript
   * (~170,000 characters) takes a few dozen requests.
   */
  batchChars: 4_000,
  /** Batches (chat model) or utterances (Workers AI's translation model) in flight at once. */
  parallel: 4,
} as const;

export const TRANSLATION_MESSAGES = {
  languageInvalid: "language must be a supported language code such as es or pt-BR",
  sameLanguage: "The transcript is in that language already",
  notRequested: "This transcript has no translation into that language",
  unavailable: "Translation is not available: no language model is configured",
  failed: "The translation could not be made. Please try again later.",
  malformed: (first: number, last: number) =>
    `The language model's translation of utterances ${first}–${last} could not be read twice. Please try again.`,
  notCompleted: "That translation is not finished: export it once it is completed",
} as const;

const language = z
  .string({ error: TRANSLATION_MESSAGES.languageInvalid })
  .refine((code) => TRANSLATION_LANGUAGES.includes(code), TRANSLATION_MESSAGES.languageInvalid);

/** POST /transcripts/{id}/translations */
export const translateRequestSchema = z
  .object({
    language,
    /** Only the utterances edited or added since (and any not translated yet); the rest stay as they are. */
    only_stale: z.boolean().default(false),
  })
  .strict();

/**
 * Whether a translation into `target` would be into the transcript's own language (`own`: the
 * language asked for or detected, a code or a service's word such as "english"; null: unknown).
 */
export function isOwnLanguage(target: string, own: string | null): boolean {
  if (!own) return false;
  const base = (code: string) => code.toLowerCase().split("-")[0]!;
  return base(target) === base(own) || languageName(base(target)).toLowerCase() === own.toLowerCase();
}

/**
 * The fingerprint of an utterance's text a translation was made from: a later edit changes it,
 * so the translation is known to be stale. 53 bits of a fast string hash (cyrb53): it needs to
 * tell versions of one text apart, not resist anyone.
 */
export function sourceFingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** GET /transcripts/{id}/translations/{language} */
export interface TranslationDto {
  language: string;
  status: TranslationStatus;
  /** Translated utterances in transcript order (a stale one keeps its latest translation). */
  utterances: { utterance_id: string; text: string }[];
  /** Utterances edited or added since they were translated (in order); removed ones are dropped. */
  stale_utterance_ids: string[];
  /** Utterances translated in this run, of how many (while pending or processing: the progress). */
  done: number;
  total: number;
  /** Why it failed, for a failed translation; else null. */
  error: string | null;
  updated_at: string;
}

/** One entry of GET /transcripts/{id}/translations. */
export interface TranslationSummaryDto {
  language: string;
  status: TranslationStatus;
  done: number;
  total: number;
  stale_count: number;
  error: string | null;
  updated_at: string;
}
