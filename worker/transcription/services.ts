// The one registry of transcription services: what the library shows of each
// (label, formats, size limit, availability) and the adapter that runs it.
import { MB } from "../../common/format";
import { formatsFor } from "../../common/media-types";
import { NOVA3_LANGUAGES, WHISPER_LANGUAGES } from "../../common/languages";
import { OPTION_LIMITS, type ServiceOptionSupport } from "../../common/transcription-options";
import type { Config } from "../config";
import { nova3Service } from "./nova3";
import { openAiCompatibleService } from "./openai-compatible";
import { PermanentTranscriptionError, type TranscriptionService } from "./types";
import { whisperService } from "./whisper";

export const SERVICE_NAMES = ["workers-ai-nova-3", "workers-ai-whisper", "openai-compatible"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** What the library needs to know about a transcription service, and its adapter. */
export interface ServiceInfo {
  name: ServiceName;
  label: string;
  supportedFormats: string[];
  maxFileSize: number;
  available(config: Config): boolean;
  /** Which transcription options it takes (see resolveOptions for how a file's options are cut to this). */
  options: ServiceOptionSupport;
  adapter: TranscriptionService;
}

/**
 * Whisper reads at most 224 tokens of prompt: the terms get this many characters (about
 * 100 tokens), leaving room for the previous piece's words that Whisper is also given.
 */
export const PROMPT_TERMS_MAX_CHARS = 350;

// Workers AI has no local simulator: it is usable locally only when reached remotely.
const workersAiAvailable = (config: Config) => config.ENVIRONMENT !== "development" || config.WORKERS_AI_REMOTE;

export const SERVICES: ServiceInfo[] = [
  {
    name: "workers-ai-nova-3",
    label: "Deepgram Nova-3 (Workers AI)",
    supportedFormats: formatsFor("nova-3"),
    maxFileSize: 1000 * MB,
    available: workersAiAvailable,
    // Keyterms: up to 100; speakers are found by diarization, which a one-speaker hint turns off.
    options: {
      languages: NOVA3_LANGUAGES,
      automatic_language: true,
      vocabulary: { max_terms: OPTION_LIMITS.maxTerms, prompt_chars: null },
      speakers: "diarize",
    },
    adapter: nova3Service,
  },
  {
    name: "workers-ai-whisper",
    label: "Whisper large-v3-turbo (Workers AI)",
    supportedFormats: formatsFor("whisper"),
    maxFileSize: 1000 * MB,
    available: workersAiAvailable,
    options: {
      languages: WHISPER_LANGUAGES,
      automatic_language: true,
      vocabulary: { max_terms: OPTION_LIMITS.maxTerms, prompt_chars: PROMPT_TERMS_MAX_CHARS },
      speakers: "none",
    },
    adapter: whisperService,
  },
  {
    name: "openai-compatible",
    label: "OpenAI-compatible server",
    supportedFormats: formatsFor("openai"),
    // The upload limit: a file over the server's own limit per request (OPENAI_MAX_FILE_SIZE_MB) goes in pieces.
    maxFileSize: 1000 * MB,
    available: (config) => Boolean(config.OPENAI_BASE_URL),
    // OpenAI's API: `language` (ISO-639-1) and `prompt`; it has no speaker parameter.
    options: {
      languages: WHISPER_LANGUAGES,
      automatic_language: true,
      vocabulary: { max_terms: OPTION_LIMITS.maxTerms, prompt_chars: PROMPT_TERMS_MAX_CHARS },
      speakers: "none",
    },
    adapter: openAiCompatibleService,
  },
];

export const isServiceName = (name: unknown): name is ServiceName => SERVICES.some((s) => s.name === name);

/** A service by name; an unknown name is refused (the config check keeps it from the configured one). */
export function serviceInfo(name: string, _config: Config): ServiceInfo {
  const info = SERVICES.find((s) => s.name === name);
  if (!info) throw new PermanentTranscriptionError(`Unknown transcription service "${name}"`);
  return info;
}

/**
 * The service a user's uploads go to: their preference when service selection is on and that
 * service is available, else the configured one (which may itself be unavailable).
 */
export function serviceForUser(config: Config, preferred: string | null | undefined): ServiceInfo {
  if (config.FEATURE_SERVICE_SELECTION) {
    const service = SERVICES.find((s) => s.name === preferred);
    if (service?.available(config)) return serviceInfo(service.name, config);
  }
  return serviceInfo(config.TRANSCRIPTION_SERVICE, config);
}
