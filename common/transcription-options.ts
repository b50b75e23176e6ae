// Transcription options of a file (language, vocabulary, speaker hint): the request
// schema shared by the Worker and the SPA, the limits and texts, and the one rule
// that turns a file's options into what a given service can take.
import * as z from "zod";
import { BIDI_MESSAGE, hasNoBidiControls } from "../core/plain-text";

export const OPTION_LIMITS = {
  /** Terms per file (and sent to a service at most). */
  maxTerms: 100,
  termMaxLength: 50,
  /** Terms in the personal vocabulary (preferences). */
  personalMaxTerms: 500,
  minSpeakers: 1,
  maxSpeakers: 20,
} as const;

export const OPTION_MESSAGES = {
  tooManyTerms: `At most ${OPTION_LIMITS.maxTerms} vocabulary terms are allowed`,
  tooManyPersonalTerms: `Your vocabulary can hold at most ${OPTION_LIMITS.personalMaxTerms} terms`,
  termTooLong: `Each vocabulary term must be ${OPTION_LIMITS.termMaxLength} characters or less`,
  termEmpty: "Vocabulary terms cannot be empty",
  termInvalid: "Vocabulary terms must be text",
  speakersRange: `The number of speakers must be a whole number from ${OPTION_LIMITS.minSpeakers} to ${OPTION_LIMITS.maxSpeakers}`,
  speakersMinMax: "The minimum number of speakers cannot be more than the maximum",
  speakersInvalid: 'Speakers must be "detect", a number, or {min, max}',
  languageInvalid: "Language must be a language code such as en or pt-BR",
  unknownLanguage: (language: string, service: string) => `${service} does not support the language "${language}"`,
} as const;

const term = z
  .string({ error: OPTION_MESSAGES.termInvalid })
  .trim()
  .min(1, OPTION_MESSAGES.termEmpty)
  .max(OPTION_LIMITS.termMaxLength, OPTION_MESSAGES.termTooLong)
  .refine(hasNoBidiControls, BIDI_MESSAGE);

/** Terms, trimmed, duplicates (ignoring case) dropped, first spelling kept. */
const terms = (max: number, message: string) =>
  z.array(term, { error: OPTION_MESSAGES.termInvalid }).max(max, message).transform(uniqueTerms);

export const vocabularySchema = terms(OPTION_LIMITS.maxTerms, OPTION_MESSAGES.tooManyTerms);
export const personalVocabularySchema = terms(OPTION_LIMITS.personalMaxTerms, OPTION_MESSAGES.tooManyPersonalTerms);

const speakerCount = z
  .number({ error: OPTION_MESSAGES.speakersRange })
  .int(OPTION_MESSAGES.speakersRange)
  .min(OPTION_LIMITS.minSpeakers, OPTION_MESSAGES.speakersRange)
  .max(OPTION_LIMITS.maxSpeakers, OPTION_MESSAGES.speakersRange);

export const speakersSchema = z.union(
  [
    z.literal("detect"),
    speakerCount,
    z
      .object({ min: speakerCount, max: speakerCount }, { error: OPTION_MESSAGES.speakersInvalid })
      .strict()
      .refine((s) => s.min <= s.max, OPTION_MESSAGES.speakersMinMax),
  ],
  { error: OPTION_MESSAGES.speakersInvalid },
);
export type SpeakerHint = z.infer<typeof speakersSchema>;

/** null, "" and "auto" all mean: the service detects the language. */
const language = z
  .union([z.null(), z.string().trim().max(20, OPTION_MESSAGES.languageInvalid)], { error: OPTION_MESSAGES.languageInvalid })
  .transform((v) => (!v || v.toLowerCase() === "auto" ? null : v))
  .refine((v) => v === null || /^[A-Za-z]{2,8}(-[A-Za-z0-9]{2,8})*$/.test(v), OPTION_MESSAGES.languageInvalid);

/** `transcription_options` of confirm-upload and retranscribe: every field optional. */
export const transcriptionOptionsInputSchema = z
  .object({ language: language.optional(), vocabulary: vocabularySchema.optional(), speakers: speakersSchema.optional() })
  .strict();
export type TranscriptionOptionsInput = z.input<typeof transcriptionOptionsInputSchema>;

/** A file's options as stored: complete, with the defaults filled in. */
export interface TranscriptionOptions {
  /** null: detected by the service. */
  language: string | null;
  vocabulary: string[];
  speakers: SpeakerHint;
}

export const DEFAULT_OPTIONS: TranscriptionOptions = { language: null, vocabulary: [], speakers: "detect" };

export const storedOptionsSchema = z.object({
  language: language.default(null),
  vocabulary: vocabularySchema.default([]),
  speakers: speakersSchema.default("detect"),
});

/** Reads stored options leniently (a broken value means the defaults). */
export function parseStoredOptions(raw: unknown): TranscriptionOptions {
  const parsed = storedOptionsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DEFAULT_OPTIONS;
}

export function uniqueTerms(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of list) {
    const key = t.trim().toLocaleLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(t.trim());
  }
  return out;
}

/** The file's terms first, then the personal vocabulary's, duplicates dropped, at most `max`. */
export function mergeVocabulary(fileTerms: readonly string[], personal: readonly string[], max: number): string[] {
  return uniqueTerms([...fileTerms, ...personal]).slice(0, max);
}

/** What a service can take (listed per service by GET /service/configuration). */
export interface ServiceOptionSupport {
  /** Language codes the service accepts. */
  languages: string[];
  /** Whether the service can detect the language itself. */
  automatic_language: boolean;
  /** null: no vocabulary. `prompt_chars`: the terms go into a text prompt of at most this many characters. */
  vocabulary: { max_terms: number; prompt_chars: number | null } | null;
  /**
   * "diarize": separates speakers by itself; a one-speaker hint turns that off, a count cannot be sent.
   * "none": one speaker, always.
   */
  speakers: "diarize" | "none";
}

/** What is sent to a service for one file, and what could not be. */
export interface ResolvedOptions {
  language: string | null;
  /** Terms to send, in order (already cut to what the service takes). */
  terms: string[];
  /** Whether to ask the service to separate speakers. */
  diarize: boolean;
  /** Hints the service could not use, said to the user. */
  notices: string[];
}

const isSingleSpeaker = (s: SpeakerHint) => s === 1 || (typeof s === "object" && s.max === 1);
const describeSpeakers = (s: SpeakerHint) => (typeof s === "number" ? `${s}` : s === "detect" ? "" : `${s.min}–${s.max}`);

/** The leading terms that, joined with ", ", fit in `maxChars`. */
export function fitTerms(list: readonly string[], maxChars: number): string[] {
  let length = -2;
  const fitting: string[] = [];
  for (const t of list) {
    length += t.length + 2;
    if (length > maxChars) break;
    fitting.push(t);
  }
  return fitting;
}

/** How a prompt-taking service is given the terms: comma-separated. */
export const termsPrompt = (list: readonly string[]) => list.join(", ");

/** A file's options and the personal vocabulary → what this service is sent, and notices for what it cannot take. */
export function resolveOptions(
  support: ServiceOptionSupport,
  serviceLabel: string,
  options: TranscriptionOptions,
  personalVocabulary: readonly string[] = [],
): ResolvedOptions {
  const notices: string[] = [];
  let language = options.language;
  if (language && !support.languages.includes(language)) {
    notices.push(`${serviceLabel} does not support the language "${language}"; it detected the language itself.`);
    language = null;
  }

  const wanted = uniqueTerms([...options.vocabulary, ...personalVocabulary]);
  let sent: string[] = [];
  if (wanted.length && !support.vocabulary) {
    notices.push(`${serviceLabel} cannot take a vocabulary; ${notSent(wanted.length)}.`);
  } else if (support.vocabulary) {
    sent = wanted.slice(0, support.vocabulary.max_terms);
    if (support.vocabulary.prompt_chars !== null) {
      sent = fitTerms(sent, support.vocabulary.prompt_chars);
    }
    const dropped = wanted.length - sent.length;
    if (dropped > 0) notices.push(`${serviceLabel} takes only ${countTerms(sent.length)}; ${notSent(dropped)}.`);
  }

  const single = isSingleSpeaker(options.speakers);
  if (options.speakers !== "detect" && !single) {
    notices.push(
      support.speakers === "none"
        ? // It takes no speaker setting (an OpenAI-compatible server may still mark speakers itself).
          `${serviceLabel} cannot be told about speakers; the hint of ${describeSpeakers(options.speakers)} speakers was not used.`
        : `${serviceLabel} finds the number of speakers itself; the hint of ${describeSpeakers(options.speakers)} speakers was not sent.`,
    );
  }
  return { language, terms: sent, diarize: support.speakers === "diarize" && !single, notices };
}

const countTerms = (n: number) => (n === 1 ? "1 term" : `${n} terms`);
const notSent = (n: number) => (n === 1 ? "1 term was not sent" : `${n} terms were not sent`);
